import type { FastifyInstance } from 'fastify';

/** /mirza/alliances: the weekly alliance board (docs/api.md, "Alliances"). */
export async function allianceBoardRoutes(_app: FastifyInstance) {}
