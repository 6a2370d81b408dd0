/**
 * Hero growth, pots and seal improvements (docs/game-rules.md, Hero growth). The two missions'
 * common rows (resident, skill, base minutes, gate) are in config-missions.ts.
 */
export const HERO_GROWTH_CONFIG = {
  /** Hero XP of a settled mission: the profile XP it gave / xpDivisor, at least minXp. */
  xpDivisor: 5,
  minXp: 1,
  maxLevel: 5,
  /** Cumulative hero XP that opens levels 1..5 (index = level - 1). */
  levelXp: [4000, 10_000, 25_000, 45_000, 65_000],
  /** Upskill points each level gives. */
  pointsPerLevel: 8,
  /** Profile level that opens spending upskill points. */
  upskillProfileLevel: 6,
  /**
   * HEROLEVELUP to level L: `goldPerLevelSquared * L^2` gold, `elementalsPerLevel * L` elementals,
   * and `xpPerLevel * L` profile XP (the mission lasts `240 * L` minutes, so XP keeps pace with time).
   */
  levelUp: { goldPerLevelSquared: 500, elementalsPerLevel: 200, xpPerLevel: 1000 },
  pot: { itemCode: 'SKILL_POT', boost: 15, hours: 24, profileLevel: 4 },
  /** IMPROVESEAL: a vault with seal >= minSeal, up to maxSteps; each step multiplies drain. */
  sealImprovement: {
    minSeal: 3,
    maxSteps: 5,
    drainFactor: 0.85,
    sealItemsPerStep: 1,
    shardsPerStep: 2,
    xpPerStep: 500,
  },
} as const;
