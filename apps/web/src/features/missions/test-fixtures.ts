import type {
  Hero,
  Land,
  MissionCheckResponse,
  MissionRequirements,
  MissionTypeName,
} from '@aleph/contracts';
import { MISSION_TYPES } from '@aleph/rules';
import { makeHero as gameHero, makeLand as gameLand } from '../../test/game-data';

/** Test data for the launcher's tests. */
export function makeLand(landid: number, change: Partial<Land> = {}): Land {
  return gameLand(landid, {
    x: landid,
    y: landid,
    gold: { leftover: 100, cap: 1000, productivity: 50 },
    elements: [1, 1, 1, 1],
    vault: {
      volume: [0, 0, 0, 0],
      cap: [100, 100, 100, 100],
      seals: [0, 0, 0, 0],
      drain: [0, 0, 0, 0],
      steps: [0, 0, 0, 0],
    },
    ...change,
  });
}

export function makeHero(heroid: number, change: Partial<Hero> = {}): Hero {
  return gameHero(heroid, { generation: 1, skills: [10, 20, 30, 40, 50, 60, 70, 80], ...change });
}

export const LANDS: Land[] = [
  makeLand(1, {
    name: 'Green Vale',
    elements: [2, 3, 0, 5],
    vault: {
      volume: [0, 0, 0, 0],
      cap: [100, 100, 100, 100],
      seals: [0, 4, 1, 2],
      drain: [0, 0, 0, 0],
      steps: [0, 0, 0, 0],
    },
  }),
  makeLand(2),
  makeLand(3),
];

export const HEROES: Hero[] = [
  makeHero(11, { name: 'Ayla', residenceid: 1 }),
  makeHero(12, { name: 'Borin', residenceid: 1, busy: true, eta: '2030-01-01T10:00:00Z' }),
  makeHero(13, { name: 'Cyra', residenceid: 2 }),
  makeHero(14, { name: 'Dov', residenceid: null }),
  makeHero(15, { name: 'Esk', residenceid: null, busy: true, eta: '2030-01-01T10:00:00Z' }),
];

/** The server's answer for a type (the rules hold the same metadata). */
export function requirementsOf(type: MissionTypeName): MissionRequirements {
  const meta = MISSION_TYPES[type];
  return {
    missionName: meta.missionName,
    missionObjective: meta.missionObjective,
    parameters: [...meta.parameters],
    misRequirements: { resident: meta.misRequirements.resident },
  };
}

export const CHECK_READY: MissionCheckResponse = {
  ok: true,
  eta: { minutes: 95 },
  comments: ['The hero travels 3 tiles.'],
  reward: { rewardSpec: ['Up to 500 gold'] },
  ingredients: { elementals: { need: 0, enough: true }, items: { need: 0, enough: true } },
};

export const CHECK_SHORT: MissionCheckResponse = {
  ok: false,
  eta: { minutes: 1500 },
  comments: [],
  reward: { rewardSpec: ['Tower level 4'] },
  ingredients: { elementals: { need: 120, enough: false }, items: { need: 3, enough: true } },
  error: 'Not enough Fire elementals: 120 needed (you have 40).',
  errorCode: 'NOT_ENOUGH_INGREDIENTS',
};
