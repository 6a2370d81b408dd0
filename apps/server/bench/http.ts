import autocannon from 'autocannon';

/**
 * What Chromium sends: the server compresses what a browser would get, so the figures include
 * that cost (autocannon and node:http send no Accept-Encoding of their own).
 */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface EndpointSpec {
  name: string;
  method: 'GET' | 'POST';
  path: string | ((player: number) => string);
  body?: (player: number) => unknown;
  /** Needs a session cookie. */
  auth: boolean;
  /** Extra request headers (e.g. If-None-Match for a revalidation). */
  headers?: Record<string, string>;
  /**
   * A stream (open loop only): the answer counts as complete, and the connection is closed,
   * once its body contains this text (a push reconnect: its replay's `resync`).
   */
  until?: string;
  /**
   * Each request of the run made anew from its number in the run (autocannon's setupRequest):
   * another player's cookie and body each time, for a route limited per player (a player's
   * messages an hour), whose repeats by one player it would refuse. A `path` replaces the
   * spec's for that request (a Bazaar buy: each of another listing).
   */
  each?: (n: number) => { cookie: string; body: unknown; path?: string };
}

export interface EndpointResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
  /** The baseline's req/s around this run (the mean of the runs just before and after it). */
  baselineRps?: number;
}

export interface RunOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  cookies: readonly string[];
  /** Player index (into cookies) -> their land and hero, for bodies and paths. */
  playerData: ReadonlyArray<{ landid: number; heroid: number }>;
  overallRate?: number;
}

/**
 * One autocannon run on one endpoint: each connection is a different signed-in player, so
 * caches and row locks are exercised as they would be by many players.
 */
export async function runEndpoint(
  spec: EndpointSpec,
  options: RunOptions,
): Promise<EndpointResult> {
  let next = 0;
  let made = 0;
  const request = (player: number): autocannon.Request => {
    const headers: Record<string, string> = {
      'accept-encoding': BROWSER_ACCEPT_ENCODING,
      ...spec.headers,
    };
    if (spec.auth) headers.cookie = options.cookies[player] ?? '';
    if (spec.body) headers['content-type'] = 'application/json';
    return {
      method: spec.method,
      path: typeof spec.path === 'string' ? spec.path : spec.path(player),
      headers,
      ...(spec.body ? { body: JSON.stringify(spec.body(player)) } : {}),
      ...(spec.each
        ? {
            setupRequest: (req: autocannon.Request) => {
              const r = spec.each!(made++);
              const cookie = r.cookie;
              return {
                ...req,
                ...(r.path ? { path: r.path } : {}),
                headers: { ...req.headers, cookie },
                body: JSON.stringify(r.body),
              };
            },
          }
        : {}),
    };
  };
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    requests: [request(0)],
    setupClient(client) {
      client.setRequests([request(next++ % Math.max(1, options.cookies.length))]);
    },
  });
  return {
    name: spec.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}
