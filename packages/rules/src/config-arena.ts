/**
 * The Arena's numbers (docs/game-rules.md, Arena). The battle formulas are the original game's
 * published system; the turn cap, the daily limit and the weekly rewards are this game's.
 */
export const ARENA_CONFIG = {
  /** At most this many heroes in a defence team or an attack. */
  teamSize: 3,
  /** Attacks a player may start per UTC day. */
  attacksPerDay: 5,
  /** Opponents offered: this many players nearest the caller's rating. */
  opponents: 5,
  /**
   * An offer of opponents stands this long: an attack may target only a player of the
   * attacker's latest offer, each once, within these minutes of it (docs/game-rules.md, Arena).
   */
  offerMinutes: 15,
  battle: {
    hpPerResilience: 20,
    attackPerStrength: 2,
    /** Defence = Resilience / 2. */
    defencePerResilience: 0.5,
    /** waitTime = base - Speed after each action (and at the start). */
    waitBase: 500,
    /** Evade chance = target Luck / luckDivisor; critical chance = attacker Luck / luckDivisor. */
    luckDivisor: 500,
    missChance: 0.01,
    criticalBonus: 0.5,
    weakChance: 0.1,
    weakMalus: 0.1,
    /** Attack and defence each vary by +-this share per action. */
    variance: 0.1,
    minDamage: 1,
    /** Actions before the battle is judged by the share of HP left (docs/game-rules.md). */
    turnCap: 300,
    /** By element (Air, Fire, Water, Earth): multipliers of attack, defence and HP. */
    elementAttack: [1.5, 1.5, 1, 1],
    elementDefence: [1, 1, 1, 1.5],
    elementHp: [0.5, 1, 1, 1],
  },
  elo: { start: 1000, k: 32, scale: 400 },
  ladder: { topSize: 100 },
  /** Gold paid by place on the weekly ladder (index 0 = first place), to players who gained. */
  weeklyRewardsGold: [5000, 3000, 2000, 1000, 1000, 500, 500, 500, 500, 500],
} as const;
