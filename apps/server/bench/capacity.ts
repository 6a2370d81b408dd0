import type { EndpointSpec } from './http.js';
import { openLoop, percentileOf } from './open-loop.js';
import type { BenchPlayer } from './players.js';

/**
 * One online player's requests per second, as the app's polling makes them (docs/screens.md): dashboard every
 * 60 s, running missions every 120 s, profile summary and unread count every 30 s, and a
 * mission check and start every 10 minutes.
 */
export const PER_PLAYER = {
  dashboard: 1 / 60,
  running: 1 / 120,
  profile: 1 / 30,
  unread: 1 / 30,
  check: 1 / 600,
  start: 1 / 600,
};
export const PLAYER_RATE = Object.values(PER_PLAYER).reduce((a, b) => a + b, 0);

function mix(players: readonly BenchPlayer[]): Array<[EndpointSpec, number]> {
  const body = (i: number) => {
    const p = players[i % players.length]!;
    return { missionType: 'SEARCHELEMENT', landid: p.landid, heroid: p.heroid, elemid: 1 };
  };
  return [
    [
      { name: 'dashboard', method: 'GET', path: '/dashboard/stat', auth: true },
      PER_PLAYER.dashboard,
    ],
    [
      { name: 'running', method: 'GET', path: '/misaar/missions/status/running', auth: true },
      PER_PLAYER.running,
    ],
    [{ name: 'profile', method: 'GET', path: '/athar/profile', auth: true }, PER_PLAYER.profile],
    [
      { name: 'unread', method: 'GET', path: '/hatif/messages/countunread', auth: true },
      PER_PLAYER.unread,
    ],
    [
      { name: 'check', method: 'POST', path: '/misaar/mission/check', auth: true, body },
      PER_PLAYER.check,
    ],
    // A start succeeds once per free hero, then answers 409 (busy): both are real work.
    [
      { name: 'start', method: 'POST', path: '/misaar/mission/start', auth: true, body },
      PER_PLAYER.start,
    ],
  ];
}

export interface CapacityStep {
  rate: number;
  /** 1, or 2 when the first run at this rate missed and the rate was run once more. */
  attempt: number;
  achieved: number;
  /** p99 over every request of the mix: what the players, all together, see. */
  p99: number;
  /** The worst kind's own p99 (a rare kind's p99 is nearly its single slowest answer). */
  worstKindP99: number;
  errors: number;
  /** Each kind of request: its rate achieved and its p99. */
  detail: string;
}

/**
 * Drives the mix as an open loop (evenly spaced requests, latency from when each was due) at
 * rising total rates, spread over many signed-in players, until the mix's p99 passes 100 ms,
 * errors appear or the server falls behind at one rate twice in a row; capacity is the last
 * sustained rate divided by one player's rate.
 */
export async function capacityBench(
  url: string,
  cookies: readonly string[],
  players: readonly BenchPlayer[],
  rates: readonly number[],
  seconds: number,
): Promise<{
  steps: CapacityStep[];
  players: number;
  sustainedRps: number;
  /** Every rate held: the capacity is at least the figure, not the limit. */
  exhausted: boolean;
}> {
  const steps: CapacityStep[] = [];
  let sustained = 0;
  const parts = mix(players);
  // A warm-up, so the first step measures players who are online, not a server that has just
  // started: each player's first request finds their caches empty and settles the missions that
  // fell due while the world was seeded, and the first seconds after a start ran at p99 of
  // several seconds. Ten seconds let every signed-in player come by several times.
  await openLoop(
    url,
    parts.map(([spec, weight]) => ({ spec, rate: (rates[0]! * weight) / PLAYER_RATE })),
    cookies,
    players.length,
    10,
  );
  const run = async (rate: number, attempt: number): Promise<boolean> => {
    const results = await openLoop(
      url,
      parts.map(([spec, weight]) => ({ spec, rate: (rate * weight) / PLAYER_RATE })),
      cookies,
      players.length,
      seconds,
    );
    const achieved = results.reduce((s, r) => s + r.rps, 0);
    const all = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const p99 = Math.round(percentileOf(all, 99));
    const worstKindP99 = Math.max(...results.map((r) => r.p99));
    const errors = results.reduce((s, r) => s + r.errors + (r.name === 'start' ? 0 : r.refused), 0);
    const detail = results
      .map((r) => `${r.name} ${r.rps}/s p99 ${r.p99}${r.slow ? ` (${r.slow} over 100 ms)` : ''}`)
      .join(', ');
    steps.push({ rate, attempt, achieved, p99, worstKindP99, errors, detail });
    console.info(
      `[capacity] target ${rate} rps${attempt > 1 ? ' (again)' : ''}: achieved ${achieved} rps, p99 ${p99} ms (worst kind ${worstKindP99} ms), errors ${errors} (${detail})`,
    );
    const held = p99 <= 100 && errors === 0 && achieved >= rate * 0.95;
    if (held) sustained = achieved;
    return held;
  };
  // A rate that misses is run once more: a checkpoint or a busy neighbour on a shared machine
  // can stall any single window. The search stops at the first rate that misses twice.
  let exhausted = true;
  for (const rate of rates) {
    if (!(await run(rate, 1)) && !(await run(rate, 2))) {
      exhausted = false;
      break;
    }
  }
  return {
    steps,
    players: Math.floor(sustained / PLAYER_RATE),
    sustainedRps: sustained,
    exhausted,
  };
}
