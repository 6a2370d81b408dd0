import type { FastifyInstance } from 'fastify';

/** /athar: the player search by nickname and blocks (docs/api.md, "Player messages"). */
export async function peopleRoutes(_app: FastifyInstance) {}
