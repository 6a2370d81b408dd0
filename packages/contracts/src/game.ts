import Type, { type Static, type TLiteral } from 'typebox';
import { MISSION_TYPE_LIST, type MissionType } from '@aleph/rules';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const PerElement = Type.Array(Type.Number(), { minItems: 4, maxItems: 4 });

export const IdParams = Type.Object({ id: Id });
export type IdParams = Static<typeof IdParams>;

/** A land with the field names of docs/api.md; per-element arrays are indexed by element id. */
export const Land = Type.Object({
  landid: Type.Integer(),
  name: Type.Union([Type.String(), Type.Null()]),
  image: Type.String(),
  terrain_type: Type.Integer(),
  element: Type.Integer(),
  continent: Type.Integer(),
  x: Type.Integer(),
  y: Type.Integer(),
  gold: Type.Object({ leftover: Type.Number(), cap: Type.Number(), productivity: Type.Number() }),
  /** Tower level per element. */
  elements: PerElement,
  shards: PerElement,
  vault: Type.Object({
    volume: PerElement,
    cap: PerElement,
    seals: PerElement,
    /** Fraction lost per day, seal improvements included. */
    drain: PerElement,
    /** Seal improvement steps (IMPROVESEAL), 0..5. */
    steps: PerElement,
  }),
  residents: Type.Integer(),
});
export type Land = Static<typeof Land>;
export const LandList = Type.Array(Land);

export const InventoryItem = Type.Object({
  itemid: Type.Integer(),
  item_code: Type.String(),
  item_name: Type.String(),
  item_type: Type.Union([Type.Literal('item'), Type.Literal('stuff')]),
  balance: Type.Integer(),
});
export type InventoryItem = Static<typeof InventoryItem>;
export const InventoryList = Type.Array(InventoryItem);

const Skills8 = Type.Array(Type.Integer(), { minItems: 8, maxItems: 8 });

export const Hero = Type.Object({
  heroid: Type.Integer(),
  name: Type.String(),
  image: Type.String(),
  rarity: Type.Integer(),
  sex: Type.Integer(),
  element: Type.Integer(),
  generation: Type.Integer(),
  /** Mastery, Intelligence, Resilience, Agility, Charisma, Luck, Efficiency, Strength. */
  skills: Type.Array(Type.Integer(), { minItems: 8, maxItems: 8 }),
  busy: Type.Boolean(),
  /** ISO time the running mission ends, or null when free. */
  eta: Type.Union([Type.String(), Type.Null()]),
  residenceid: Type.Union([Type.Integer(), Type.Null()]),
  /** Hero growth (docs/game-rules.md): `skills` above are base + upskills + an active pot. */
  level: Type.Integer(),
  xp: Type.Integer(),
  /** Hero XP still missing for the next level; null at level 5. */
  xpToNext: Type.Union([Type.Integer(), Type.Null()]),
  baseSkills: Skills8,
  upskills: Skills8,
  pointsLeft: Type.Integer(),
  pot: Type.Union([Type.Object({ skill: Type.Integer(), until: Type.String() }), Type.Null()]),
  /**
   * The open Bazaar listing that holds the hero, null when none: a listed hero goes on no
   * mission, defends nobody and is not upgraded until the listing closes.
   */
  listingId: Type.Union([Type.Integer(), Type.Null()]),
});
export type Hero = Static<typeof Hero>;
export const HeroList = Type.Array(Hero);

/** A mission type name: the rules define the list (packages/rules world.ts). */
export type MissionTypeName = MissionType;

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };
const missionTypeLiterals = MISSION_TYPE_LIST.map((type) => Type.Literal(type)) as Literals<
  typeof MISSION_TYPE_LIST
>;

export const MissionTypeParams = Type.Object({ type: Type.String({ maxLength: 64 }) });

export const MissionRequirements = Type.Object({
  missionName: Type.String(),
  missionObjective: Type.String(),
  parameters: Type.Array(Type.String()),
  misRequirements: Type.Object({ resident: Type.Boolean() }),
});
export type MissionRequirements = Static<typeof MissionRequirements>;

/** Body of check and start: the type, land and hero, and the type's extra parameters. */
export const MissionBody = Type.Object(
  {
    missionType: Type.Union(missionTypeLiterals),
    landid: Id,
    heroid: Id,
    elemid: Type.Optional(Type.Integer({ minimum: 0, maximum: 3 })),
    currentLevel: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
    currentSeal: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
    /** UNIQUE: the event (`GET /misaar/unique`). */
    eventid: Type.Optional(Id),
    /** SEARCHELEMENT: hours searched, 1 to 24 (absent: 1). */
    hours: Type.Optional(Type.Integer({ minimum: 1, maximum: 24 })),
    /** Sent by some clients; the signed-in player is the profile, whatever this says. */
    profileid: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);
export type MissionBody = Static<typeof MissionBody>;

const Ingredient = Type.Object({ need: Type.Number(), enough: Type.Boolean() });

export const MissionCheckResponse = Type.Object({
  ok: Type.Boolean(),
  eta: Type.Object({ minutes: Type.Integer() }),
  comments: Type.Array(Type.String()),
  reward: Type.Object({ rewardSpec: Type.Array(Type.String()) }),
  ingredients: Type.Object({ elementals: Ingredient, items: Ingredient }),
  /** Why the mission cannot start, as a sentence; absent when ok. */
  error: Type.Optional(Type.String()),
  errorCode: Type.Optional(Type.String()),
  field: Type.Optional(Type.String()),
});
export type MissionCheckResponse = Static<typeof MissionCheckResponse>;

export const MissionStartResponse = Type.Object({
  ok: Type.Literal(true),
  missionid: Type.Integer(),
  missionType: Type.String(),
  landid: Type.Integer(),
  heroid: Type.Integer(),
  eta: Type.String(),
  minutes: Type.Integer(),
});
export type MissionStartResponse = Static<typeof MissionStartResponse>;

export const RunningMission = Type.Object({
  missionid: Type.Integer(),
  missionType: Type.String(),
  desc_name: Type.String(),
  landid: Type.Integer(),
  heroid: Type.Integer(),
  eta: Type.String(),
});
export type RunningMission = Static<typeof RunningMission>;
export const RunningMissionList = Type.Array(RunningMission);

export const DashboardStat = Type.Object({
  heroes: Type.Object({
    ok: Type.Boolean(),
    data: Type.Object({ busy: Type.Integer(), idle: Type.Integer(), noResidence: Type.Integer() }),
  }),
  /** True when today's (UTC) mission of that kind has already been started. */
  daily: Type.Object({ daily: Type.Boolean(), seal: Type.Boolean() }),
  gold: Type.Array(
    Type.Object({
      landid: Type.Integer(),
      leftover: Type.Number(),
      cap: Type.Number(),
      /** A mission is running on this land. */
      mission: Type.Boolean(),
    }),
  ),
  announces: Type.Array(Type.Object({ messageid: Type.Integer(), message: Type.String() })),
});
export type DashboardStat = Static<typeof DashboardStat>;
