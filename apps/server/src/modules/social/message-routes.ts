import type { FastifyInstance } from 'fastify';

/** /hatif: player messages (send, the Sent view) (docs/api.md, "Player messages"). */
export async function playerMessageRoutes(_app: FastifyInstance) {}
