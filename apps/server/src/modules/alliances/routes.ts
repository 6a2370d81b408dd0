import type { FastifyInstance } from 'fastify';

/** /athar/alliances: create, search, read and membership (docs/api.md, "Alliances"). */
export async function allianceRoutes(_app: FastifyInstance) {}
