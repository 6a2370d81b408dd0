import fc from 'fast-check';
import { GAME_CONFIG } from './config.js';
import type { MissionCheckInput } from './model.js';
import type { HeroGrowth, HeroState, LandState, MissionParams, UniqueEvent } from './model.js';
import {
  Continent,
  Element,
  MISSION_TYPE_LIST,
  RARITIES,
  Skill,
  Terrain,
  TERRAINS,
  type MissionType,
  type Skills,
} from './world.js';
import { MISSION_RULES } from './config-missions.js';
import { uniqueSnapshot } from './unique-missions.js';

/** Shared test data: a valid world state that each test bends one way. Not built. */
export const DAY = GAME_CONFIG.time.msPerDay;
/** Monday 6 January 2025, 12:00 UTC. */
export const T0 = Date.UTC(2025, 0, 6, 12, 0);
export const OWNER = 7;
export const LAND_ID = 10;
export const HERO_ID = 20;

export const skills = (value: number): Skills => [
  value,
  value,
  value,
  value,
  value,
  value,
  value,
  value,
];

export function landState(overrides: Partial<LandState> = {}): LandState {
  const vault = { volume: 3000, at: T0 };
  return {
    id: LAND_ID,
    ownerId: OWNER,
    continent: Continent.Aleph,
    x: 250,
    y: 250,
    terrain: Terrain.Valley,
    element: Element.Fire,
    towers: [2, 2, 2, 2],
    seals: [1, 1, 1, 1],
    vault: [vault, vault, vault, vault],
    shards: [5, 5, 5, 5],
    gold: { leftover: 100, at: T0 },
    residents: 2,
    ...overrides,
  };
}

/** A hero living 5 units away (3, 4) on the same continent. */
export function heroState(overrides: Partial<HeroState> = {}): HeroState {
  return {
    id: HERO_ID,
    ownerId: OWNER,
    name: 'Belaria',
    busy: false,
    rarity: 2,
    element: Element.Water,
    skills: skills(40),
    residence: { landId: 11, continent: Continent.Aleph, x: 253, y: 254 },
    ...overrides,
  };
}

/** A level-0 hero (skills 40) with the hero XP level 1 needs. */
export const LEVEL_READY: HeroGrowth = {
  level: 0,
  xp: 4000,
  base: skills(40),
  upskills: skills(0),
  pot: null,
};

export const residentOf = (land: LandState): HeroState['residence'] => ({
  landId: land.id,
  continent: land.continent,
  x: land.x,
  y: land.y,
});

const PARAMS: MissionParams = {
  landid: LAND_ID,
  heroid: HERO_ID,
  elemid: Element.Fire,
  currentLevel: 2,
  currentSeal: 1,
};

/** An open event the fixture hero (skills 40) can join: with it, UNIQUE checks pass. */
export const UNIQUE_EVENT: UniqueEvent = {
  id: 1,
  name: 'The Old Well',
  description: 'Something glitters at the bottom.',
  places: 10,
  placesLeft: 10,
  startsAt: T0 - DAY,
  endsAt: T0 + 7 * DAY,
  closed: false,
  requirement: { skill: Skill.Strength, min: 30, minRarity: null },
  reward: { gold: 500, xp: 1000, items: { SEAL_WATER: 1 } },
  duration: { baseMinutes: 240, skill: Skill.Strength },
};

/** What a UNIQUE check needs besides the common input: level 9 and the event. */
function uniqueParts(type: MissionType): Partial<MissionCheckInput> {
  if (type !== 'UNIQUE') return {};
  const features = Array.from({ length: 9 }, (_, i) => `profileLevel${i + 1}`);
  return {
    profile: { id: OWNER, level: 9, xp: 500_000, features },
    params: { ...PARAMS, eventid: UNIQUE_EVENT.id, unique: uniqueSnapshot(UNIQUE_EVENT) },
    unique: { event: UNIQUE_EVENT, joinedHeroId: null },
  };
}

/** What HEROLEVELUP and IMPROVESEAL checks need: level 7, gold, hero XP, a Rare seal. */
function growthParts(type: MissionType): Partial<MissionCheckInput> {
  if (type !== 'HEROLEVELUP' && type !== 'IMPROVESEAL') return {};
  const features = Array.from({ length: 7 }, (_, i) => `profileLevel${i + 1}`);
  const profile = { id: OWNER, level: 7, xp: 400_000, features, gold: 100_000 };
  if (type === 'HEROLEVELUP') return { profile };
  return { profile, land: landState({ seals: [1, 3, 1, 1] }) };
}

/** A check input that passes for `type`; override parts to provoke one refusal. */
export function checkInput(
  type: MissionType,
  overrides: Partial<MissionCheckInput> = {},
): MissionCheckInput {
  const land = overrides.land ?? growthParts(type).land ?? landState();
  const residence = MISSION_RULES[type].resident ? residentOf(land) : heroState().residence;
  return {
    type,
    requesterId: OWNER,
    profile: {
      id: OWNER,
      level: 3,
      xp: 50_000,
      features: ['profileLevel1', 'profileLevel2', 'profileLevel3'],
    },
    land,
    hero: heroState({ residence }),
    landItems: { TOWER_STONE: 10, SEAL_FIRE: 10, SEAL_AIR: 10 },
    runningOnLand: [],
    usedToday: { dailyReward: false, huntSeal: false },
    params: PARAMS,
    ...uniqueParts(type),
    ...growthParts(type),
    ...(type === 'HEROLEVELUP'
      ? { hero: heroState({ residence: residentOf(land), growth: LEVEL_READY }) }
      : {}),
    ...overrides,
  };
}

export const arbMissionType = fc.constantFrom(...MISSION_TYPE_LIST);
export const arbRarity = fc.constantFrom(...RARITIES);
export const arbSkill = fc.integer({
  min: GAME_CONFIG.heroes.skillMin,
  max: GAME_CONFIG.heroes.skillMax,
});
export const arbSkills: fc.Arbitrary<Skills> = fc.tuple(
  arbSkill,
  arbSkill,
  arbSkill,
  arbSkill,
  arbSkill,
  arbSkill,
  arbSkill,
  arbSkill,
);
const arbLevel = fc.integer({ min: 0, max: GAME_CONFIG.land.towerMaxLevel });
const arbSeal = fc.integer({ min: 0, max: GAME_CONFIG.vault.maxSeal });
const arbElement = fc.constantFrom(Element.Air, Element.Fire, Element.Water, Element.Earth);
const arbVault = fc.record({
  volume: fc.double({ min: 0, max: 12_000, noNaN: true }),
  at: fc.constant(T0),
});

/** Any plausible land owned by OWNER, snapshots at T0. */
export const arbLand: fc.Arbitrary<LandState> = fc
  .record({
    terrain: fc.constantFrom(...TERRAINS),
    element: arbElement,
    towers: fc.tuple(arbLevel, arbLevel, arbLevel, arbLevel),
    seals: fc.tuple(arbSeal, arbSeal, arbSeal, arbSeal),
    vault: fc.tuple(arbVault, arbVault, arbVault, arbVault),
    shards: fc.tuple(fc.nat(20), fc.nat(20), fc.nat(20), fc.nat(20)),
    leftover: fc.double({ min: 0, max: 20_000, noNaN: true }),
    residents: fc.integer({ min: 0, max: GAME_CONFIG.heroes.maxResidentsPerLand }),
  })
  .map(({ leftover, ...rest }) => landState({ ...rest, gold: { leftover, at: T0 } }));

export const arbHero: fc.Arbitrary<HeroState> = fc
  .record({ skills: arbSkills, element: arbElement })
  .map((fields) => heroState(fields));

export { arbElement, arbLevel, arbSeal };
