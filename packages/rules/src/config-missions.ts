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
  travel: { minutesPerUnit: 2, noResidenceUnits: 30, otherContinentUnits: 60 },
  GOLDCLAIM: {
    resident: false,
    baseMinutes: 60,
    stepScaled: false,
    skill: Skill.Agility,
    profileLevel: 0,
    dailyLimit: false,
    carryBase: 100,
    carryPerCharisma: 10,
    xpPerGold: 10,
  },
  DAILYREWARD: {
    resident: true,
    baseMinutes: 30,
    stepScaled: false,
    skill: Skill.Charisma,
    profileLevel: 0,
    dailyLimit: true,
    gold: 50,
    xp: 500,
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
    elementalsGrowth: 2,
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
  SEARCHELEMENT: {
    resident: true,
    baseMinutes: 90,
    stepScaled: false,
    skill: Skill.Intelligence,
    profileLevel: 0,
    dailyLimit: false,
    amountBase: 20,
    amountLuckDivisor: 2,
    sameElementFactor: 1.5,
    shardLuckDivisor: 400,
    shardsPerDrop: 1,
    xp: 150,
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
