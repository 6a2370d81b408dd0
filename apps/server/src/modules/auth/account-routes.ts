import type { FastifyInstance } from 'fastify';

/** /athar/account: the signed-in player's account settings (docs/api.md, "Account settings"). */
export async function accountRoutes(_app: FastifyInstance) {}

/** /abwab: the e-mail links a player follows signed in or not (docs/api.md, "Account settings"). */
export async function emailLinkRoutes(_app: FastifyInstance) {}
