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

/**
 * What a finished mission makes the web app read again while its stream is open, on the
 * dashboard (`apps/web/src/api/push-events.ts`: `mission.finished` invalidates the missions,
 * dashboard, hero, residents, lands, profile and messages tags): the running missions, the
 * dashboard stat, the heroes of the running-missions widget, the profile summary and the unread
 * count (the other events of the same settlement, `hero.changed`, `land.changed`,
 * `profile.changed` and `inbox.new`, invalidate tags already invalidated or write the cache
 * directly).
 */
export const PUSH_REFETCHES: Array<[string, string]> = [
  ['running', '/misaar/missions/status/running'],
  ['dashboard', '/dashboard/stat'],
  ['heroes', '/abtal/heroes'],
  ['profile', '/athar/profile'],
  ['unread', '/hatif/messages/countunread'],
];

/** One finished mission per player every 10 minutes. */
const FINISHED_PER_SECOND = 1 / 600;

/**
 * One online player's requests per second with push on (no polling while the stream is open):
 * a mission check and start every 10 minutes, the refetches of one finished mission every 10
 * minutes, and a stream reconnect (with Last-Event-ID, answered by its replay and `resync`)
 * every 30 minutes.
 */
export const PUSH_PER_PLAYER: Record<string, number> = {
  ...Object.fromEntries(PUSH_REFETCHES.map(([kind]) => [kind, FINISHED_PER_SECOND])),
  check: 1 / 600,
  start: 1 / 600,
  reconnect: 1 / 1800,
};
export const PUSH_PLAYER_RATE = Object.values(PUSH_PER_PLAYER).reduce((a, b) => a + b, 0);

const checkBody = (players: readonly BenchPlayer[]) => (i: number) => {
  const p = players[i % players.length]!;
  return { missionType: 'SEARCHELEMENT', landid: p.landid, heroid: p.heroid, elemid: 1 };
};

/**
 * The push mix for the open loop. A reconnect resumes from the player's event id as it was
 * when the run began (`eventSeq`, by player index), so it is answered by a short replay.
 */
export function pushMix(
  players: readonly BenchPlayer[],
  eventSeq: readonly number[],
): Array<[EndpointSpec, number]> {
  const body = checkBody(players);
  return [
    ...PUSH_REFETCHES.map(([kind, path]): [EndpointSpec, number] => [
      { name: kind, method: 'GET', path, auth: true },
      PUSH_PER_PLAYER[kind]!,
    ]),
    [
      { name: 'check', method: 'POST', path: '/misaar/mission/check', auth: true, body },
      PUSH_PER_PLAYER.check!,
    ],
    [
      { name: 'start', method: 'POST', path: '/misaar/mission/start', auth: true, body },
      PUSH_PER_PLAYER.start!,
    ],
    [
      {
        name: 'reconnect',
        method: 'GET',
        path: (i) => `/events?lastEventId=${eventSeq[i % eventSeq.length] ?? 0}`,
        auth: true,
        until: 'event: resync',
      },
      PUSH_PER_PLAYER.reconnect!,
    ],
  ];
}

function mix(players: readonly BenchPlayer[]): Array<[EndpointSpec, number]> {
  const body = checkBody(players);
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
  /** Another mix (the push mix) and its rate per player; the polling mix by default. */
  options: { mix?: Array<[EndpointSpec, number]>; playerRate?: number; label?: string } = {},
): Promise<{
  steps: CapacityStep[];
  players: number;
  sustainedRps: number;
  /** Every rate held: the capacity is at least the figure, not the limit. */
  exhausted: boolean;
}> {
  const steps: CapacityStep[] = [];
  let sustained = 0;
  const parts = options.mix ?? mix(players);
  const playerRate = options.playerRate ?? PLAYER_RATE;
  const label = options.label ?? 'capacity';
  // A warm-up, so the first step measures players who are online, not a server that has just
  // started: each player's first request finds their caches empty and settles the missions that
  // fell due while the world was seeded, and the first seconds after a start ran at p99 of
  // several seconds. Ten seconds let every signed-in player come by several times.
  await openLoop(
    url,
    parts.map(([spec, weight]) => ({ spec, rate: (rates[0]! * weight) / playerRate })),
    cookies,
    players.length,
    10,
  );
  const run = async (rate: number, attempt: number): Promise<boolean> => {
    const results = await openLoop(
      url,
      parts.map(([spec, weight]) => ({ spec, rate: (rate * weight) / playerRate })),
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
      `[${label}] target ${rate} rps${attempt > 1 ? ' (again)' : ''}: achieved ${achieved} rps, p99 ${p99} ms (worst kind ${worstKindP99} ms), errors ${errors} (${detail})`,
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
    players: Math.floor(sustained / playerRate),
    sustainedRps: sustained,
    exhausted,
  };
}
