import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EVENT_SEQ_HEADER } from '@aleph/contracts';
import { unauthorized } from '../lib/errors.js';
import type { Cached } from '../lib/profile-cache.js';
import { readAuthCookies } from './session-cookies.js';

/** A session's player, as the session tables know it (modules/auth writes them). */
export interface AuthContext {
  userId: number;
  sessionId: string;
}

/** The signed-in player plus whether they have work the game must finish before a read. */
export interface SessionWork extends AuthContext {
  /** A mission of theirs is past its ETA and not yet settled. */
  due: boolean;
  /** A workflow of theirs (a level-up) waits to run. */
  pending: boolean;
  /** Their profile level as of this request: feature gates need no query of their own. */
  level: number;
  /** Their profile's state version: cached reads tagged with it are current (ProfileCache). */
  version: number;
  /**
   * Their last push event's number when the session was looked up, before anything of the
   * request was read: sent as EVENT_SEQ_HEADER, so that a page's first stream can ask for the
   * events after its first reads (docs/api.md, "Push").
   */
  eventSeq: number;
}

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
  app.addHook('onRequest', async (request, reply) => {
    const { config, sessions } = app.deps;
    const { access } = readAuthCookies(request, config);
    const auth = access ? await sessions.resolve(access) : null;
    if (!auth) throw unauthorized();
    request.auth = auth;
    reply.header(EVENT_SEQ_HEADER, String(auth.eventSeq));
  });
}

/**
 * The signed-in player's cached reads for this request, valid for the state version their
 * session lookup returned. Cache raw state only: anything that depends on the clock (gold,
 * vault decay, ETAs) is computed from it on every request.
 */
export function cachedFor(app: FastifyInstance, request: FastifyRequest): Cached {
  const auth = authOf(request);
  return (key, load) => app.deps.profileCache.get(auth.userId, auth.version, key, load);
}
