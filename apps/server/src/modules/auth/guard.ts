import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import { readAuthCookies } from './cookies.js';
import type { SessionWork } from './access-query.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: SessionWork | null;
  }
}

/** The signed-in player of a request that passed `requireSession`. */
export function authOf(request: FastifyRequest): SessionWork {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The API reference's name for the access-token cookie (src/http/api-docs.ts). */
export const SESSION_SCHEME = 'session';

/**
 * Registers a hook on the current scope: every route in it needs a valid access token. Its
 * routes say so in their schema's `security`, which only the API reference reads.
 */
export function requireSession(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: [{ [SESSION_SCHEME]: [] }] };
  });
  app.addHook('onRequest', async (request) => {
    const { config, sessions } = app.deps;
    const { access } = readAuthCookies(request, config);
    const auth = access ? await sessions.resolve(access) : null;
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
}
