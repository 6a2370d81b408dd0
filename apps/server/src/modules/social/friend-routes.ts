import type { FastifyInstance } from 'fastify';

/** /athar/friends: friends and their requests (docs/api.md, "Friends"). */
export async function friendRoutes(_app: FastifyInstance) {}
