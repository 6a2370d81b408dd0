import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACHIEVEMENT_METRICS,
  ACHIEVEMENTS_CONFIG,
  achievementProgress,
  achievementsReached,
  combineCounts,
  countsAsFinished,
  isAchievementMetric,
  MIN_COUNTED_CLAIM_GOLD,
  missionTypeMetric,
  nextMetricValue,
  rarestFirst,
  type AchievementMetric,
} from './achievements.js';
import { MISSION_TYPE_LIST } from './world.js';

const metrics = Object.keys(ACHIEVEMENT_METRICS) as AchievementMetric[];
const metricArb = fc.constantFrom(...metrics);
const amounts = fc.array(fc.integer({ min: -5, max: 200_000 }), { maxLength: 60 });

describe('the achievements catalogue', () => {
  it('holds at least 30 achievements with unique codes, real metrics, goals and XP', () => {
    expect(ACHIEVEMENTS_CONFIG.length).toBeGreaterThanOrEqual(30);
    expect(new Set(ACHIEVEMENTS_CONFIG.map((d) => d.code)).size).toBe(ACHIEVEMENTS_CONFIG.length);
    for (const def of ACHIEVEMENTS_CONFIG) {
      expect(isAchievementMetric(def.metric)).toBe(true);
      expect(def.goal).toBeGreaterThan(0);
      expect(def.xp).toBeGreaterThan(0);
      expect(def.description).toMatch(/\.$/);
    }
  });

  it('counts per-type missions only for real mission types', () => {
    for (const metric of metrics.filter((m) => m.startsWith('missions_finished:')))
      expect(MISSION_TYPE_LIST).toContain(metric.split(':')[1]);
    expect(missionTypeMetric('GOLDCLAIM')).toBe('missions_finished:GOLDCLAIM');
    expect(missionTypeMetric('NOPE')).toBeNull();
  });
});

describe('metric progress', () => {
  it('never decreases, whatever is counted', () => {
    fc.assert(
      fc.property(metricArb, amounts, (metric, list) => {
        let value = 0;
        for (const amount of list) {
          const next = nextMetricValue(metric, value, amount);
          expect(next).toBeGreaterThanOrEqual(value);
          for (const def of ACHIEVEMENTS_CONFIG.filter((d) => d.metric === metric))
            expect(achievementProgress(def, next).progress).toBeGreaterThanOrEqual(
              achievementProgress(def, value).progress,
            );
          value = next;
        }
      }),
    );
  });

  it('earns each achievement exactly once, and exactly those whose goal is reached', () => {
    fc.assert(
      fc.property(metricArb, amounts, (metric, list) => {
        let value = 0;
        const earned: string[] = [];
        for (const amount of list) {
          const next = nextMetricValue(metric, value, amount);
          earned.push(...achievementsReached(metric, value, next).map((d) => d.code));
          value = next;
        }
        expect(new Set(earned).size).toBe(earned.length);
        const due = ACHIEVEMENTS_CONFIG.filter((d) => d.metric === metric && d.goal <= value);
        expect(earned.sort()).toEqual(due.map((d) => d.code).sort());
      }),
    );
  });

  it('combines counts of one player and metric into one, by the metric mode', () => {
    const combined = combineCounts([
      { profileId: 2, metric: 'gold_claimed', amount: 10 },
      { profileId: 1, metric: 'lands_owned', amount: 3 },
      { profileId: 2, metric: 'gold_claimed', amount: 5 },
      { profileId: 1, metric: 'lands_owned', amount: 2 },
      { profileId: 1, metric: 'arena_wins', amount: 0 },
    ]);
    expect(combined).toEqual([
      { profileId: 1, metric: 'lands_owned', amount: 3 },
      { profileId: 2, metric: 'gold_claimed', amount: 15 },
    ]);
  });
});

describe('rarest first', () => {
  it('orders by fewest earners, then by the catalogue', () => {
    const list = [
      { code: 'MISSIONS_10', earners: 5 },
      { code: 'FIRST_MISSION', earners: 5 },
      { code: 'GOLD_1M', earners: 1 },
    ];
    expect(rarestFirst(list).map((r) => r.code)).toEqual([
      'GOLD_1M',
      'FIRST_MISSION',
      'MISSIONS_10',
    ]);
  });
});

describe('countsAsFinished', () => {
  it('counts every mission but a gold claim of less than the minimum', () => {
    expect(countsAsFinished('SEARCHELEMENT', 0)).toBe(true);
    expect(countsAsFinished('GOLDCLAIM', MIN_COUNTED_CLAIM_GOLD)).toBe(true);
    expect(countsAsFinished('GOLDCLAIM', MIN_COUNTED_CLAIM_GOLD - 1)).toBe(false);
    expect(countsAsFinished('GOLDCLAIM', 0)).toBe(false);
  });

  it('makes splitting a claim earn no count sooner (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 2, max: 50 }),
        (gold, parts) => {
          const whole = Number(countsAsFinished('GOLDCLAIM', gold));
          const piece = Math.floor(gold / parts);
          const split = parts * Number(countsAsFinished('GOLDCLAIM', piece));
          // The pieces count only when each is itself a claim worth counting.
          expect(split === 0 || piece >= MIN_COUNTED_CLAIM_GOLD).toBe(true);
          expect(whole).toBe(gold >= MIN_COUNTED_CLAIM_GOLD ? 1 : 0);
        },
      ),
    );
  });
});
