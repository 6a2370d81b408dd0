import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf } from '../auth/guard.js';

export type Cached = <T>(key: string, load: () => Promise<T>) => Promise<T>;

/** No caching: for callers outside a request (tests, jobs). */
export const uncached: Cached = (_key, load) => load();

/**
 * The signed-in player's cached reads for this request, valid for the state version their
 * session lookup returned. Cache raw state only: anything that depends on the clock (gold,
 * vault decay, ETAs) is computed from it on every request.
 */
export function cachedFor(app: FastifyInstance, request: FastifyRequest): Cached {
  const auth = authOf(request);
  return (key, load) => app.deps.profileCache.get(auth.userId, auth.version, key, load);
}
