import { Agent, request } from 'node:http';
import { BROWSER_ACCEPT_ENCODING, type EndpointSpec } from './http.js';

export interface OpenLoopPart {
  spec: EndpointSpec;
  /** Requests per second of this kind. */
  rate: number;
}

export interface OpenLoopResult {
  name: string;
  sent: number;
  rps: number;
  p50: number;
  p99: number;
  /** Transport errors and answers of 500 or more. */
  errors: number;
  /** Answers from 300 to 499 (a start of a busy hero answers 409: real work, not a failure). */
  refused: number;
  /** Answers slower than 100 ms. */
  slow: number;
  /** Every latency, sorted (for percentiles over several kinds together). */
  latencies: number[];
}

/**
 * How many requests of an open loop at `rate` a second over `seconds` are due `elapsedMs` after
 * its start: request i is due at i / rate, so the first goes at once (counting only the
 * intervals that have passed sent each request one interval late, and timed it from too early).
 */
export function dueCount(elapsedMs: number, rate: number, seconds: number): number {
  return Math.min(Math.floor((elapsedMs / 1000) * rate) + 1, Math.ceil(seconds * rate));
}

/** The kind an open-loop client reports its warm-up's requests under, apart from the rest. */
export const WARM_UP = 'warm-up';

export function percentileOf(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

/**
 * An open-loop load: requests are sent at evenly spaced moments whatever the answers do (as many
 * independent players would send them), and each latency is measured from the moment its request
 * was due, so a server that falls behind shows it in p99 (no coordinated omission). autocannon's
 * rate limit sends each second's quota in one burst, which measures the burst, not the load.
 * The kinds are interleaved smoothly by weight; players take turns in order. With `warmSeconds`,
 * the load runs that much longer first, and the requests due in those seconds are timed apart and
 * returned after the others, as a result named WARM_UP (a fresh client process, its new connections).
 */
export async function openLoop(
  url: string,
  parts: readonly OpenLoopPart[],
  cookies: readonly string[],
  playerCount: number,
  seconds: number,
  warmSeconds = 0,
): Promise<OpenLoopResult[]> {
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 512 });
  const total = parts.reduce((s, p) => s + p.rate, 0);
  const stats = parts.map(() => ({ latencies: [] as number[], errors: 0, refused: 0, sent: 0 }));
  const warm = { latencies: [] as number[], errors: 0, refused: 0, sent: 0 };
  const credit = parts.map(() => 0);
  let player = 0;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();

  const send = (kind: number, dueAt: number) => {
    const spec = parts[kind]!.spec;
    const who = player++ % playerCount;
    const body = spec.body ? JSON.stringify(spec.body(who)) : undefined;
    const headers: Record<string, string> = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    if (spec.auth) headers.cookie = cookies[who % cookies.length] ?? '';
    if (body) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    const stat = dueAt < measureFrom ? warm : stats[kind]!;
    stat.sent++;
    const done = new Promise<void>((resolve) => {
      // A stream closed by us once complete must not count as an error afterwards.
      let closedByUs = false;
      const req = request(
        {
          host: target.hostname,
          port: target.port,
          method: spec.method,
          path: typeof spec.path === 'string' ? spec.path : spec.path(who),
          headers,
          agent,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          const finish = () => {
            stat.latencies.push(performance.now() - dueAt);
            if (status >= 500) stat.errors++;
            else if (status >= 300) stat.refused++;
            resolve();
          };
          const until = spec.until;
          if (!until || status !== 200) {
            res.resume();
            res.on('end', finish);
            return;
          }
          // A stream never ends by itself: it is done when the awaited text has come.
          let text = '';
          let done = false;
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (done || !text.includes(until)) return;
            done = true;
            closedByUs = true;
            finish();
            req.destroy();
          });
          res.on('close', () => {
            if (done) return;
            done = true;
            stat.errors++;
            resolve();
          });
        },
      );
      req.on('error', () => {
        if (closedByUs) return;
        stat.errors++;
        resolve();
      });
      if (body) req.write(body);
      req.end();
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };

  const start = performance.now();
  const measureFrom = start + warmSeconds * 1000;
  const end = measureFrom + seconds * 1000;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = Math.min(performance.now(), end);
      const due = dueCount(now - start, total, warmSeconds + seconds);
      while (sent < due) {
        // Smooth weighted round robin: each kind earns its rate, the richest sends.
        let pick = 0;
        for (let i = 0; i < parts.length; i++) {
          credit[i]! += parts[i]!.rate;
          if (credit[i]! > credit[pick]!) pick = i;
        }
        credit[pick]! -= total;
        send(pick, start + (sent * 1000) / total);
        sent++;
      }
      if (now >= end) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();

  const figures = (name: string, s: typeof warm, over: number): OpenLoopResult => {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    return {
      name,
      sent: s.sent,
      rps: Math.round(s.latencies.length / over),
      p50: Math.round(percentileOf(sorted, 50)),
      p99: Math.round(percentileOf(sorted, 99)),
      errors: s.errors,
      refused: s.refused,
      slow: sorted.filter((ms) => ms > 100).length,
      latencies: sorted,
    };
  };
  const results = parts.map((part, i) => figures(part.spec.name, stats[i]!, seconds));
  if (warmSeconds > 0) results.push(figures(WARM_UP, warm, warmSeconds));
  return results;
}
