import type { TSchema } from 'typebox';

/** Ids of the fuzzing player's own things, so that sample requests reach real rows. */
export interface Fixture {
  profileId: number;
  landId: number;
  heroId: number;
}

export interface SampleRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/**
 * One row per route the app serves (the abuse tests check that the table and the app agree).
 * Every sample POST is refused by the game (unknown id, nothing to claim, not enough XP or
 * platinum), so a fuzzed variant of it that changes anything is a defect.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as Fastify knows it, with `:name` path parameters. */
  path: string;
  /**
   * Path parameters: `id` is a database id (positive int4), `index` a zero-based number
   * (continent, map coordinate), `word` free text.
   */
  params?: Record<string, 'id' | 'index' | 'word'>;
  query?: TSchema;
  body?: TSchema;
  /** Needs a signed-in player; answers 401 without one. */
  session: boolean;
  /** Rotates or ends the caller's session: fuzzed without the fuzzing player's cookies. */
  endsSession?: boolean;
  /** Never changes a player's state, even when it succeeds. */
  readOnly: boolean;
  /**
   * The operators' console: a player (the fuzzing player is one) gets 404 before anything of
   * the request is read, as for a path the server does not serve.
   */
  staffOnly?: boolean;
  sample: (fx: Fixture) => SampleRequest;
}

/** An id no row has (the largest int4). */
export const MISSING = 2_147_483_647;
export const none = () => ({});
export const anyone = { session: false };

/** A GET (read-only) endpoint; session required unless `extra` says otherwise. */
export const read = (path: string, extra: Partial<Endpoint> = {}): Endpoint => ({
  method: 'GET',
  path,
  session: true,
  readOnly: true,
  sample: none,
  ...extra,
});
export const write = (path: string, extra: Partial<Endpoint> = {}): Endpoint => ({
  ...read(path, { readOnly: false, ...extra }),
  method: 'POST',
});
export const idOf = (pick: (fx: Fixture) => number) => ({
  params: { id: 'id' as const },
  sample: (fx: Fixture) => ({ params: { id: pick(fx) } }),
});
