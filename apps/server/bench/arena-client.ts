import { spawn } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING, type EndpointSpec } from './http.js';
import { openLoop, percentileOf, type OpenLoopResult } from './open-loop.js';

/**
 * The arena bench's attackers, in a process of their own (arena.ts starts one per load): the
 * bench's main process holds the seed, the sessions and the baseline's results, and its major
 * garbage collections paused its own sending and timing for up to a quarter of a second, which
 * the attacks' latencies then counted (docs/performance.md, Arena). This process holds only
 * what its load needs.
 */

export interface Attacker {
  id: number;
  heroes: number[];
  /**
   * An attacker's opponents, one for each of its attacks of the day, in order: the offer that
   * arena.ts stores for it before each load (an attack may target only a player offered).
   */
  targets: number[];
}

export type ArenaClientCommand =
  | {
      type: 'closed';
      url: string;
      /** The first half attack (each its `targets`), the second half defend. */
      players: Attacker[];
      cookies: string[];
      connections: number;
      seconds: number;
      /** Seconds of the same load before the measured ones, timed apart (its warm-up). */
      warmSeconds: number;
    }
  | {
      type: 'open';
      url: string;
      attackers: { players: Attacker[]; cookies: string[] };
      rate: number;
      seconds: number;
      /** Seconds at the same rate before the measured ones, timed apart (its warm-up). */
      warmSeconds: number;
    };

export interface LoopFigures {
  rps: number;
  ok: number;
  other: number;
  p50: number;
  p99: number;
}

export interface ClosedLoopResult extends LoopFigures {
  /** The answers of the warm-up, before the measured seconds (counted apart). */
  warmup: LoopFigures;
  /** Attackers the lanes reached, from the first: the open loop's attackers start after them. */
  attackersUsed: number;
}

/** The answers of one stretch of a load: their rate, 2xx and other, and the latency. */
class Stretch {
  private readonly latencies: number[] = [];
  ok = 0;
  other = 0;

  add(status: number, ms: number) {
    this.latencies.push(ms);
    if (status >= 200 && status < 300) this.ok++;
    else this.other++;
  }

  figures(seconds: number, errors = 0): LoopFigures {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return {
      rps: Math.round(sorted.length / seconds),
      ok: this.ok,
      other: this.other + errors,
      p50: Math.round(percentileOf(sorted, 50)),
      p99: Math.round(percentileOf(sorted, 99)),
    };
  }
}

export interface OpenLoopStep {
  rate: number;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  errors: number;
  /** The warm-up before it, not counted in the figures above. */
  warmup: Omit<OpenLoopStep, 'warmup' | 'rate'>;
}

type Result<C extends ArenaClientCommand> = C extends { type: 'closed' }
  ? ClosedLoopResult
  : OpenLoopStep;

const here = path.dirname(fileURLToPath(import.meta.url));

/** Runs one load in a new client process and answers its result. */
export function inClientProcess<C extends ArenaClientCommand>(cmd: C): Promise<Result<C>> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(here, 'arena-client.ts')],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  return new Promise((resolve, reject) => {
    let answered = false;
    child.once('message', (m: { result?: Result<C>; error?: string }) => {
      answered = true;
      if (m.error !== undefined) reject(new Error(`arena client: ${m.error}`));
      else resolve(m.result!);
    });
    child.once('exit', (code) => {
      if (!answered) reject(new Error(`arena client exited with ${code} before answering`));
    });
    child.send(cmd);
  });
}

/**
 * Bench players take turns on each connection; every one attacks 5 times, then the next. Sent
 * by autocannon, as the baseline and every other endpoint of the bench are: a `fetch` loop took
 * a third of the machine's two cores at 1,000 attacks a second (docs/performance.md, Arena),
 * which the server and PostgreSQL then did not have. The answers are not parsed (autocannon
 * counts them by status), and the request asks for compression as a browser does.
 *
 * The load runs `warmSeconds` longer than measured, without a pause: answers that arrive in
 * its first `warmSeconds` are the warm-up's, counted and timed apart. A fresh server process
 * runs its code unoptimised and meets its pool's PostgreSQL backends cold, and 64 connections
 * opened at once all send their first attack together; the measured seconds are the steady
 * state after that (docs/performance.md, Arena, "Warmed up").
 */
async function closedLoop(
  url: string,
  players: readonly Attacker[],
  cookies: readonly string[],
  opts: { connections: number; durationSeconds: number; warmSeconds: number },
): Promise<ClosedLoopResult> {
  // The first half attack; their opponents (`targets`) are drawn from the second half, as a
  // real day's attackers pick among many defenders (two attackers chained on each other's rows
  // would measure a queue the bench made, not the endpoint).
  const half = Math.floor(players.length / 2);
  // The highest attacker index any lane reached: the open loop's attackers start after it.
  let reached = 0;
  let lanes = 0;
  const warmup = new Stretch();
  const measured = new Stretch();
  const instance = autocannon({
    url,
    connections: opts.connections,
    duration: opts.warmSeconds + opts.durationSeconds,
    setupClient(client) {
      const lane = lanes++;
      let i = lane;
      let n = 0;
      client.setRequests([
        {
          method: 'POST',
          path: '/halba/attack',
          setupRequest(req) {
            // A lane that has spent all its attackers starts again from its first: those
            // attacks answer 429 and count as other answers (raise --arena-players).
            if (i >= half) i = lane;
            reached = Math.max(reached, i);
            const me = players[i]!;
            const cookie = cookies[i]!;
            const opponent = me.targets[n % me.targets.length]!;
            n++;
            if (n % 5 === 0) i += opts.connections;
            return {
              ...req,
              headers: {
                cookie,
                'content-type': 'application/json',
                'accept-encoding': BROWSER_ACCEPT_ENCODING,
              },
              body: JSON.stringify({ opponent, heroes: me.heroes }),
            };
          },
        },
      ]);
    },
  });
  // The instance is also an event emitter (autocannon's README, "Events"); its types say only
  // Promise.
  const events = instance as unknown as EventEmitter;
  const measureFrom = performance.now() + opts.warmSeconds * 1000;
  events.on('response', (_client: unknown, status: number, _bytes: number, ms: number) =>
    (performance.now() < measureFrom ? warmup : measured).add(status, ms),
  );
  const result = await instance;
  return {
    // Errors and timeouts of the whole load, warm-up included, count as the measured seconds'.
    ...measured.figures(opts.durationSeconds, result.errors + result.timeouts),
    warmup: warmup.figures(Math.max(opts.warmSeconds, 1)),
    attackersUsed: Math.min(half, reached + 1),
  };
}

/**
 * Attacks at `rate` a second, sent when due whatever the answers do (as many players attacking
 * on their own would), each timed from the moment it was due (bench/open-loop.ts). The
 * attackers take turns in order, so one player's attacks are far apart; each attacks its
 * `targets` in order, as in the closed loop.
 */
async function attackOpenLoop(
  url: string,
  attackers: { players: readonly Attacker[]; cookies: readonly string[] },
  rate: number,
  seconds: number,
  warmSeconds: number,
): Promise<OpenLoopStep> {
  const made = attackers.players.map(() => 0);
  const spec: EndpointSpec = {
    name: 'attack',
    method: 'POST',
    path: '/halba/attack',
    auth: true,
    body: (who) => {
      const me = attackers.players[who]!;
      const opponent = me.targets[made[who]!++ % me.targets.length]!;
      return { opponent, heroes: me.heroes };
    },
  };
  const [result, warm] = await openLoop(
    url,
    [{ spec, rate }],
    attackers.cookies,
    attackers.players.length,
    seconds,
    warmSeconds,
  );
  const figures = (r: OpenLoopResult) => ({
    rps: r.rps,
    p50: r.p50,
    p99: r.p99,
    ok: r.sent - r.errors - r.refused,
    other: r.refused,
    errors: r.errors,
  });
  const none = { rps: 0, p50: 0, p99: 0, ok: 0, other: 0, errors: 0 };
  return { rate, ...figures(result!), warmup: warm ? figures(warm) : none };
}

if (process.send) {
  process.once('message', (cmd: ArenaClientCommand) => {
    const run =
      cmd.type === 'closed'
        ? closedLoop(cmd.url, cmd.players, cmd.cookies, {
            connections: cmd.connections,
            durationSeconds: cmd.seconds,
            warmSeconds: cmd.warmSeconds,
          })
        : attackOpenLoop(cmd.url, cmd.attackers, cmd.rate, cmd.seconds, cmd.warmSeconds);
    run.then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: String(error) }, () => process.exit(0)),
    );
  });
}
