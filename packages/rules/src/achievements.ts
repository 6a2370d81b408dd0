import {
  ACHIEVEMENT_METRICS,
  ACHIEVEMENTS_CONFIG,
  MIN_COUNTED_CLAIM_GOLD,
  type AchievementDef,
  type AchievementMetric,
} from './config-achievements.js';

export { ACHIEVEMENT_METRICS, ACHIEVEMENTS_CONFIG };
export type { AchievementDef, AchievementMetric };

export const isAchievementMetric = (value: unknown): value is AchievementMetric =>
  typeof value === 'string' && Object.hasOwn(ACHIEVEMENT_METRICS, value);

/** The metric of the finished missions of one type; null when no achievement counts it. */
export function missionTypeMetric(type: string): AchievementMetric | null {
  const metric = `missions_finished:${type}`;
  return isAchievementMetric(metric) ? metric : null;
}

export { MIN_COUNTED_CLAIM_GOLD };

/**
 * Whether a settled mission counts as finished for the mission-count metrics: every mission
 * does, except a gold claim that moved less than `MIN_COUNTED_CLAIM_GOLD`.
 */
export function countsAsFinished(type: string, goldClaimed: number): boolean {
  return type !== 'GOLDCLAIM' || goldClaimed >= MIN_COUNTED_CLAIM_GOLD;
}

/** 'max' metrics keep the highest value reported, 'sum' metrics add each amount. */
export const metricMode = (metric: AchievementMetric) => ACHIEVEMENT_METRICS[metric];

/** A metric's value after a count: never lower than before (amounts below 0 count as 0). */
export function nextMetricValue(metric: AchievementMetric, current: number, amount: number) {
  const a = Math.max(0, amount);
  return metricMode(metric) === 'sum' ? current + a : Math.max(current, a);
}

export interface MetricCount {
  profileId: number;
  metric: AchievementMetric;
  /** 'sum': what to add; 'max': the value now (kept when higher than the stored one). */
  amount: number;
}

/** One count per player and metric (added for 'sum', the highest for 'max'); zeros dropped. */
export function combineCounts(counts: readonly MetricCount[]): MetricCount[] {
  const byKey = new Map<string, MetricCount>();
  for (const c of counts) {
    if (!(c.amount > 0)) continue;
    const key = `${c.profileId}:${c.metric}`;
    const known = byKey.get(key);
    if (!known) byKey.set(key, { ...c });
    else known.amount = nextMetricValue(c.metric, known.amount, c.amount);
  }
  return [...byKey.values()].sort(
    (x, y) => x.profileId - y.profileId || (x.metric < y.metric ? -1 : x.metric > y.metric ? 1 : 0),
  );
}

const BY_METRIC = new Map<AchievementMetric, AchievementDef[]>();
for (const def of ACHIEVEMENTS_CONFIG) {
  BY_METRIC.set(def.metric, [...(BY_METRIC.get(def.metric) ?? []), def]);
}
const BY_CODE = new Map(ACHIEVEMENTS_CONFIG.map((def) => [def.code, def]));

export const achievementByCode = (code: string) => BY_CODE.get(code);

/**
 * The achievements a metric moving from `before` to `after` reaches: those whose goal lies in
 * (before, after]. Counted over any sequence of values, each goal is crossed exactly once.
 */
export function achievementsReached(
  metric: AchievementMetric,
  before: number,
  after: number,
): AchievementDef[] {
  return (BY_METRIC.get(metric) ?? []).filter((def) => def.goal > before && def.goal <= after);
}

/** Progress towards a goal as shown: the metric's value, capped at the goal. */
export function achievementProgress(def: AchievementDef, value: number) {
  return {
    progress: Math.min(Math.max(0, value), def.goal),
    goal: def.goal,
    done: value >= def.goal,
  };
}

/** The message of a newly earned achievement (its inbox report). */
export function achievementReport(def: AchievementDef) {
  return {
    subject: `Achievement earned: ${def.name}`,
    body: `<p>${def.description} You earned <b>${def.xp.toLocaleString('en-US')} XP</b>.</p>`,
  };
}

/** The rarest first: fewest earners, then the catalogue's order. */
export function rarestFirst<T extends { code: string; earners: number }>(list: readonly T[]): T[] {
  const order = (code: string) => ACHIEVEMENTS_CONFIG.findIndex((d) => d.code === code);
  return [...list].sort((x, y) => x.earners - y.earners || order(x.code) - order(y.code));
}
