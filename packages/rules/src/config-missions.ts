import { UNIQUE_CONFIG } from './config-unique.js';
import { Skill, type MissionType } from './world.js';

/** What every row of the mission table in docs/game-rules.md has in common. */
export interface MissionRule {
  /** Resident missions need a hero living on the land; the others travel to it. */
  readonly resident: boolean;
  /** Minutes before the skill bonus; when `stepScaled`, times (current level or seal + 1). */
  readonly baseMinutes: number;
  readonly stepScaled: boolean;
  /** The skill that shortens the mission: `base * (1 - skill / skillDurationDivisor)`. */
  readonly skill: Skill;
  /** Profile level whose feature flag (`profileLevelN`) the mission needs; 0 for none. */
  readonly profileLevel: number;
  /** Once per profile per UTC day, counted at start. */
  readonly dailyLimit: boolean;
}

export const MISSIONS_CONFIG = {
  skillDurationDivisor: 200,
  /** Ingredient discount: `Efficiency / efficiencyDivisor` percent fewer elementals. */
  efficiencyDivisor: 4,
  /** A hero without a home sets out from nearby: 5 units, so a newcomer's first claim is quick. */
  travel: { minutesPerUnit: 2, noResidenceUnits: 5, otherContinentUnits: 60 },
  GOLDCLAIM: {
    resident: false,
    baseMinutes: 30,
    stepScaled: false,
    skill: Skill.Agility,
    profileLevel: 0,
    dailyLimit: false,
    carryBase: 100,
    carryPerCharisma: 10,
    xpPerGold: 3,
  },
  DAILYREWARD: {
    resident: true,
    /** Five minutes: a newcomer sees a mission come back in their first minutes. */
    baseMinutes: 5,
    stepScaled: false,
    skill: Skill.Charisma,
    profileLevel: 0,
    dailyLimit: true,
    gold: 100,
    /** The reason to come back every day, a casual player's most of all. */
    xp: 1000,
  },
  HUNTSEAL: {
    resident: true,
    baseMinutes: 240,
    stepScaled: false,
    skill: Skill.Agility,
    profileLevel: 2,
    dailyLimit: true,
    successBase: 0.3,
    successAgilityDivisor: 200,
    xp: 800,
    /** A failed hunt still earns this share of the XP: the hero spent the hours. */
    failureXpFactor: 0.5,
  },
  TRANSFERHERO: {
    resident: false,
    baseMinutes: 20,
    stepScaled: false,
    skill: Skill.Agility,
    profileLevel: 0,
    dailyLimit: false,
    xp: 50,
    /** The land filled up during the trip: the hero goes home, nothing learned. */
    failedXp: 0,
  },
  UPGRADETOWER: {
    resident: true,
    baseMinutes: 120,
    stepScaled: true,
    skill: Skill.Mastery,
    profileLevel: 0,
    dailyLimit: false,
    elementalsBase: 100,
    /** 1.6, so every level's cost fits the vault of the tower below it (cap 1,000 per level). */
    elementalsGrowth: 1.6,
    stonesPerStep: 1,
    shardsFromLevel: 3,
    xpPerStep: 300,
  },
  UPGRADESEAL: {
    resident: true,
    baseMinutes: 180,
    stepScaled: true,
    skill: Skill.Mastery,
    profileLevel: 3,
    dailyLimit: false,
    elementalsPerStep: 50,
    sealItemsPerStep: 1,
    xpPerStep: 400,
  },
  /**
   * The player chooses how many hours the hero searches (`hours`, 1 to 24, default 1): what it
   * finds, its chances and its XP are per hour, so one long search equals several short ones,
   * and a long one fills a night (or, for a player who comes once a day, the day).
   */
  SEARCHELEMENT: {
    resident: true,
    /** Per hour searched. */
    baseMinutes: 60,
    stepScaled: false,
    skill: Skill.Intelligence,
    profileLevel: 0,
    dailyLimit: false,
    hours: { min: 1, max: 24, default: 1 },
    amountBase: 30,
    amountLuckDivisor: 2,
    sameElementFactor: 1.5,
    /** Per hour: a shard with chance `Luck / 400`, a Tower Stone with `stoneChance`. */
    shardLuckDivisor: 400,
    shardsPerDrop: 1,
    stoneChance: 0.06,
    /** Per hour. */
    xp: 80,
  },
  /** Base `240 * L` minutes with L the target level (stepScaled: step = current level). */
  HEROLEVELUP: {
    resident: true,
    baseMinutes: 240,
    stepScaled: true,
    skill: Skill.Intelligence,
    /** With the upskills it gives: "Hero skills upgrade" opens at level 6. */
    profileLevel: 6,
    dailyLimit: false,
  },
  /** Base `240 * (step + 1)` minutes; costs and drain in config-hero-growth.ts. */
  IMPROVESEAL: {
    resident: true,
    baseMinutes: 240,
    stepScaled: true,
    skill: Skill.Mastery,
    profileLevel: 7,
    dailyLimit: false,
  },
  /** Defaults; each event sets its own length and skill (config-unique.ts). */
  UNIQUE: UNIQUE_CONFIG.mission,
} as const;

/** The common view of each mission row; the assignment also checks every row has it. */
export const MISSION_RULES: Readonly<Record<MissionType, MissionRule>> = MISSIONS_CONFIG;
