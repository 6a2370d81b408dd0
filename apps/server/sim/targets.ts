import { GAME_CONFIG } from '@aleph/rules';
import type { PlayerResult } from './run.js';

/**
 * The pacing targets of docs/game-balance.md, each measured on one player's run. A target
 * reads the figure it judges from a result, and says whether the figure meets it.
 */
export interface Target {
  kind: 'active' | 'casual';
  text: string;
  figure(r: PlayerResult): number | null;
  /** How the figure is shown. */
  unit: 'day' | 'count' | 'percent' | 'minutes' | 'level' | 'days of income';
  meets(figure: number | null): boolean;
}

const at = (r: PlayerResult, day: number) => r.snapshots.find((s) => s.day === day) ?? null;
const levelDay = (level: number) => (r: PlayerResult) => r.levelDays[level] ?? null;
const by = (day: number) => (f: number | null) => f !== null && f <= day;
const atLeast = (n: number) => (f: number | null) => f !== null && f >= n;
const atMost = (n: number) => (f: number | null) => f !== null && f <= n;

/** Gold held at the last snapshot, in days of the income of the 30 days before it. */
function unspentDays(r: PlayerResult): number | null {
  const last = r.snapshots.at(-1);
  const before = r.snapshots.find((s) => last && s.day === last.day - 30);
  if (!last || !before) return null;
  const perDay = (last.goldEarned - before.goldEarned) / 30;
  return perDay > 0 ? last.gold / perDay : null;
}

/**
 * The trader's price of the dearest item, in days of the gold the player earned per day
 * between the snapshots around the day the trader opened (level 7).
 */
function dearestItemDays(r: PlayerResult): number | null {
  const opened = r.levelDays[GAME_CONFIG.economy.trader.profileLevel];
  if (opened === null || opened === undefined) return null;
  const before = [...r.snapshots].reverse().find((s) => s.day <= opened);
  const after = r.snapshots.find((s) => s.day > opened);
  if (!before || !after) return null;
  const perDay = (after.goldEarned - before.goldEarned) / (after.day - before.day);
  const dearest = Math.max(...Object.values(GAME_CONFIG.economy.trader.itemPrices));
  return perDay > 0 ? dearest / perDay : null;
}

export const TARGETS: readonly Target[] = [
  {
    kind: 'active',
    text: 'first session: the first mission back within 5 minutes',
    figure: (r) => r.firstSession.firstFinishedMinutes,
    unit: 'minutes',
    meets: atMost(5),
  },
  {
    kind: 'active',
    text: 'first session: at least 3 missions finished in 60 minutes',
    figure: (r) => r.firstSession.finishedIn60,
    unit: 'count',
    meets: atLeast(3),
  },
  {
    kind: 'active',
    text: 'first session: profile level 1 within 60 minutes',
    figure: (r) => r.firstSession.levelAt60,
    unit: 'level',
    meets: atLeast(1),
  },
  ...(
    [
      ['active', 2, 2],
      ['active', 5, 14],
      ['active', 8, 45],
      ['active', 10, 75],
      ['casual', 1, 2],
      ['casual', 3, 7],
      ['casual', 5, 30],
      ['casual', 8, 90],
    ] as const
  ).map(([kind, level, day]): Target => ({
    kind,
    text: `level ${level} by day ${day}`,
    figure: levelDay(level),
    unit: 'day',
    meets: by(day),
  })),
  ...(
    [
      ['active', 3, 6],
      ['casual', 2, 4],
    ] as const
  ).flatMap(([kind, lands, heroes]): Target[] => [
    {
      kind,
      text: `at least ${lands} lands on day 30`,
      figure: (r) => at(r, 30)?.lands ?? null,
      unit: 'count',
      meets: atLeast(lands),
    },
    {
      kind,
      text: `at least ${heroes} heroes on day 30`,
      figure: (r) => at(r, 30)?.heroes ?? null,
      unit: 'count',
      meets: atLeast(heroes),
    },
  ]),
  {
    kind: 'active',
    text: 'a tower at level 5 by day 30',
    figure: (r) => at(r, 30)?.towerMax ?? null,
    unit: 'level',
    meets: atLeast(5),
  },
  {
    kind: 'casual',
    text: 'a tower upgraded in the first week',
    figure: (r) => at(r, 7)?.towerLevels ?? null,
    unit: 'count',
    meets: atLeast(1),
  },
  {
    kind: 'active',
    text: 'heroes busy at least 70 % of the time',
    figure: (r) => Math.round(r.busy * 100),
    unit: 'percent',
    meets: atLeast(70),
  },
  ...(['active', 'casual'] as const).map((kind): Target => ({
    kind,
    text: 'no more than 10 days of income unspent at the end',
    figure: unspentDays,
    unit: 'days of income',
    meets: atMost(10),
  })),
  {
    kind: 'active',
    text: "the trader's dearest item costs at most 5 days of income when he opens (level 7)",
    figure: dearestItemDays,
    unit: 'days of income',
    meets: atMost(5),
  },
];

/** The median of the figures that exist; null when none does (a level never reached). */
export function median(values: ReadonlyArray<number | null>): number | null {
  if (values.some((v) => v === null)) {
    // A level some seed never reached: the median is that seed's "never" when half do not.
    const reached = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
    if (reached.length * 2 <= values.length) return null;
    const padded = [...reached, ...values.filter((v) => v === null).map(() => Infinity)];
    const m = padded[Math.floor(padded.length / 2)]!;
    return Number.isFinite(m) ? m : null;
  }
  const sorted = (values as number[]).slice().sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
