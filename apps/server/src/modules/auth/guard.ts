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

/** Registers a hook on the current scope: every route in it needs a valid access token. */
export function requireSession(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const { config, sessions } = app.deps;
    const { access } = readAuthCookies(request, config);
    const auth = access ? await sessions.resolve(access) : null;
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
}
