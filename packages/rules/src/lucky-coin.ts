import { ECONOMY_CONFIG, type LuckyPrizeKind } from './config-economy.js';
import { weightedIndex, type Rng } from './rng.js';
import type { Element } from './world.js';

const LUCKY = ECONOMY_CONFIG.luckyCoin;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A time span, epoch milliseconds, end exclusive. */
export interface EventWindow {
  readonly opensAt: number;
  readonly closesAt: number;
}

/** The weekend opening that starts on the Saturday on or before `now` (it may be over). */
export function weekendWindowOf(now: number): EventWindow {
  const dayStart = now - (((now % DAY) + DAY) % DAY);
  // 1970-01-01 was a Thursday (UTC day 4).
  const weekday = (Math.floor(dayStart / DAY) + 4) % 7;
  const back = (weekday - LUCKY.weekendStartDay + 7) % 7;
  const opensAt = dayStart - back * DAY;
  return { opensAt, closesAt: opensAt + LUCKY.weekendHours * HOUR };
}

export type LuckyEventState =
  | { readonly open: true; readonly endsAt: number }
  | { readonly open: false; readonly nextStartAt: number };

/**
 * Open on the weekend and inside any operator window. When open, the end is where the
 * windows that chain from `now` stop; when closed, the next start is the earliest to come.
 */
export function luckyEventState(now: number, operator: readonly EventWindow[]): LuckyEventState {
  const weekend = weekendWindowOf(now);
  const windows = [
    weekend,
    { opensAt: weekend.opensAt + 7 * DAY, closesAt: weekend.closesAt + 7 * DAY },
    ...operator,
  ];
  let end = now;
  let grew = true;
  while (grew) {
    grew = false;
    for (const w of windows) {
      if (w.opensAt <= end && w.closesAt > end) {
        end = w.closesAt;
        grew = true;
      }
    }
  }
  if (end > now) return { open: true, endsAt: end };
  const next = Math.min(...windows.filter((w) => w.opensAt > now).map((w) => w.opensAt));
  return { open: false, nextStartAt: next };
}

/** A toss's prize: gold or platinum for the profile, items or shards for the land. */
export interface LuckyPrize {
  readonly kind: LuckyPrizeKind;
  readonly amount: number;
  readonly itemCode: string | null;
  readonly element: Element | null;
}

/** One prize drawn from the table; shards are of the tossing land's element. */
export function drawLuckyPrize(rng: Rng, landElement: Element): LuckyPrize {
  const kind =
    LUCKY.prizes[
      weightedIndex(
        rng,
        LUCKY.prizes.map((p) => p.weight),
      )
    ]?.kind ?? 'gold';
  const base = { kind, itemCode: null, element: null };
  switch (kind) {
    case 'gold':
      return { ...base, amount: rng.int(...LUCKY.gold) };
    case 'platinum':
      return { ...base, amount: LUCKY.platinum };
    case 'shards':
      return { ...base, amount: LUCKY.shards, element: landElement };
    case 'skill_pot':
      return { ...base, amount: 1, itemCode: 'SKILL_POT' };
    case 'tower_stone':
      return { ...base, amount: 1, itemCode: 'TOWER_STONE' };
  }
}
