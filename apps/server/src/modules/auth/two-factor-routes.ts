import type { FastifyInstance } from 'fastify';

/** /athar/account/2fa: turning two-factor on and off (docs/api.md, "Two-factor"). */
export async function twoFactorRoutes(_app: FastifyInstance) {}
