import type { FastifyInstance } from 'fastify';

/** /athar/alliances/{id}/chat: the alliance chat (docs/api.md, "Alliances"). */
export async function allianceChatRoutes(_app: FastifyInstance) {}
