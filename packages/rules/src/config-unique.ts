import { Rarity, Skill } from './world.js';

/** What an event asks of a hero: a minimum of one skill and, optionally, a minimum rarity. */
export interface UniqueRequirement {
  readonly skill: Skill;
  readonly min: number;
  readonly minRarity: Rarity | null;
}

/** What a finished unique mission pays: gold and XP to the profile, items to the land. */
export interface UniqueReward {
  readonly gold: number;
  readonly xp: number;
  /** Item code -> count, into the inventory of the land the hero lives on. */
  readonly items: Readonly<Record<string, number>>;
}

/** The mission's length: `baseMinutes * (1 - skill / 200)`, like every other mission. */
export interface UniqueDuration {
  readonly baseMinutes: number;
  readonly skill: Skill;
}

/** An event as an operator (or the rotation) describes it, before it has dates and an id. */
export interface UniqueEventDraft {
  readonly name: string;
  readonly description: string;
  readonly places: number;
  readonly requirement: UniqueRequirement;
  readonly reward: UniqueReward;
  readonly duration: UniqueDuration;
}

/** The default rotation's table, picked by ISO week number. */
const ROTATION_EVENTS: readonly UniqueEventDraft[] = [
  {
    name: "The Dragon's Hoard",
    description:
      'A red dragon sleeps on a hoard in the Mountains. Only the strongest can carry the seals out before it wakes.',
    places: 10,
    requirement: { skill: Skill.Strength, min: 70, minRarity: null },
    reward: { gold: 2000, xp: 6000, items: { SEAL_FIRE: 3 } },
    duration: { baseMinutes: 480, skill: Skill.Strength },
  },
  {
    name: 'The Drowned Library',
    description:
      'A library sank into the River long ago. A clever hero can read the scrolls before the water takes them.',
    places: 10,
    requirement: { skill: Skill.Intelligence, min: 70, minRarity: null },
    reward: { gold: 1500, xp: 6000, items: { SEAL_WATER: 3, ANCIENT_SCROLL: 1 } },
    duration: { baseMinutes: 480, skill: Skill.Intelligence },
  },
  {
    name: 'The Storm Crown',
    description:
      'Lightning crowns the highest peak of Arctic. An agile hero can climb it between strikes.',
    places: 8,
    requirement: { skill: Skill.Agility, min: 75, minRarity: Rarity.Epic },
    reward: { gold: 2500, xp: 8000, items: { SEAL_AIR: 3 } },
    duration: { baseMinutes: 600, skill: Skill.Agility },
  },
  {
    name: 'The Root of the World',
    description:
      'Deep under the Forest a root holds the earth together. A resilient hero can bring back its sap.',
    places: 10,
    requirement: { skill: Skill.Resilience, min: 70, minRarity: null },
    reward: { gold: 2000, xp: 6000, items: { SEAL_EARTH: 3 } },
    duration: { baseMinutes: 480, skill: Skill.Resilience },
  },
];

/**
 * Unique missions (docs/game-rules.md, "Unique missions"): limited world events at profile
 * level 9. `rotation.events` is the table the default rotation picks from by ISO week number
 * when no operator event opens in a week.
 */
export const UNIQUE_CONFIG = {
  profileLevel: 9,
  lockedText: 'You need to upgrade your profile to at least level nine.',
  /** The mission table row: the hero sets out from home (its residence) and comes back there. */
  mission: {
    resident: true,
    baseMinutes: 240,
    stepScaled: false,
    skill: Skill.Strength,
    profileLevel: 9,
    dailyLimit: false,
  },
  /** How far ahead `GET /misaar/unique` shows events that have not opened yet. */
  comingDays: 14,
  /** Bounds an operator's event must stay within (the CLI checks each field). */
  limits: {
    nameMax: 60,
    descriptionMax: 400,
    placesMax: 10_000,
    minutesMin: 10,
    minutesMax: 10_080,
    goldMax: 1_000_000,
    xpMax: 1_000_000,
    itemCountMax: 100,
    daysMax: 90,
  },
  rotation: { events: ROTATION_EVENTS },
} as const;
