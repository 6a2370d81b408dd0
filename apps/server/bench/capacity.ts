import { runEndpoint, type EndpointResult, type EndpointSpec } from './http.js';
import type { BenchPlayer } from './players.js';

/**
 * One online player's requests per second, as the spec's polling makes them: dashboard every
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
  achieved: number;
  p99: number;
  errors: number;
}

/**
 * Drives the mix at rising total rates until the worst p99 passes 100 ms (or errors appear);
 * capacity is the last sustained rate divided by one player's rate.
 */
export async function capacityBench(
  url: string,
  cookies: readonly string[],
  players: readonly BenchPlayer[],
  rates: readonly number[],
  seconds: number,
): Promise<{ steps: CapacityStep[]; players: number; sustainedRps: number }> {
  const steps: CapacityStep[] = [];
  let sustained = 0;
  for (const rate of rates) {
    const parts = mix(players);
    const results: EndpointResult[] = await Promise.all(
      parts.map(([spec, weight]) => {
        const share = weight / PLAYER_RATE;
        return runEndpoint(spec, {
          url,
          cookies,
          playerData: players,
          connections: Math.max(2, Math.round(64 * share)),
          durationSeconds: seconds,
          overallRate: Math.max(1, Math.round(rate * share)),
        });
      }),
    );
    const achieved = results.reduce((s, r) => s + r.rps, 0);
    const p99 = Math.max(...results.map((r) => r.p99));
    const errors = results.reduce((s, r) => s + r.errors + (r.name === 'start' ? 0 : r.non2xx), 0);
    steps.push({ rate, achieved, p99, errors });
    console.info(
      `[capacity] target ${rate} rps: achieved ${achieved} rps, worst p99 ${p99} ms, errors ${errors} (` +
        results.map((r) => `${r.name} ${r.rps}/s p99 ${r.p99} non2xx ${r.non2xx}`).join(', ') +
        ')',
    );
    if (p99 > 100 || errors > 0 || achieved < rate * 0.9) break;
    sustained = achieved;
  }
  return { steps, players: Math.floor(sustained / PLAYER_RATE), sustainedRps: sustained };
}
