import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Cached } from '../lib/profile-cache.js';
import { authOf } from '../modules/auth/guard.js';

/**
 * The signed-in player's cached reads for this request, valid for the state version their
 * session lookup returned. Cache raw state only: anything that depends on the clock (gold,
 * vault decay, ETAs) is computed from it on every request.
 */
export function cachedFor(app: FastifyInstance, request: FastifyRequest): Cached {
  const auth = authOf(request);
  return (key, load) => app.deps.profileCache.get(auth.userId, auth.version, key, load);
}
