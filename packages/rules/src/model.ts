import type { UniqueDuration, UniqueEventDraft, UniqueReward } from './config-unique.js';
import type {
  Continent,
  Element,
  MissionType,
  PerElement,
  Rarity,
  Skills,
  Terrain,
} from './world.js';

/**
 * The state the rules read. The server loads it from the database; the rules never write it,
 * they return what changes. Ids are the database's integer ids.
 */

/** A lazily evaluated quantity: its value at `at` (epoch ms). */
export interface GoldSnapshot {
  readonly leftover: number;
  readonly at: number;
}

export interface VaultSnapshot {
  readonly volume: number;
  readonly at: number;
}

export interface LandState {
  readonly id: number;
  readonly ownerId: number;
  /** Shown instead of 'Land #id' when set. */
  readonly name?: string | null;
  readonly continent: Continent;
  readonly x: number;
  readonly y: number;
  readonly terrain: Terrain;
  readonly element: Element;
  /** Tower level per element, 0..10. */
  readonly towers: PerElement<number>;
  /** Seal level per element, 0..5. */
  readonly seals: PerElement<number>;
  readonly vault: PerElement<VaultSnapshot>;
  readonly shards: PerElement<number>;
  readonly gold: GoldSnapshot;
  /** Heroes whose residence is this land. */
  readonly residents: number;
  /** Seal improvement steps per element, 0..5 (absent: none); each step lowers the drain. */
  readonly improvements?: PerElement<number>;
}

/** Where a hero lives: enough of the land to measure travel. */
export interface Residence {
  readonly landId: number;
  readonly continent: Continent;
  readonly x: number;
  readonly y: number;
}

export interface HeroState {
  readonly id: number;
  readonly ownerId: number;
  readonly name: string;
  readonly busy: boolean;
  readonly rarity: Rarity;
  readonly element: Element;
  /** The skills every formula reads: base + upskills + an active pot, at most 100 each. */
  readonly skills: Skills;
  readonly residence: Residence | null;
  /** Level, hero XP and the parts of `skills`; absent: level 0 with no upskills or pot. */
  readonly growth?: HeroGrowth;
}

/** An active (or expired) Skill Pot: +boost to `skill` until `until` (epoch ms). */
export interface ActivePot {
  readonly skill: number;
  readonly until: number;
}

export interface HeroGrowth {
  readonly level: number;
  readonly xp: number;
  readonly base: Skills;
  readonly upskills: Skills;
  readonly pot: ActivePot | null;
}

export interface ProfileState {
  readonly id: number;
  readonly level: number;
  readonly features: readonly string[];
  readonly xp: number;
  /** Treasury gold, where a check needs it (HEROLEVELUP). */
  readonly gold?: number;
}

/** The mission body's parameters (docs/api.md); extras depend on the type. */
export interface MissionParams {
  readonly landid: number;
  readonly heroid: number;
  readonly elemid?: number | null;
  readonly currentLevel?: number | null;
  readonly currentSeal?: number | null;
  /** UNIQUE: the event joined. */
  readonly eventid?: number | null;
  /** SEARCHELEMENT: hours searched, 1 to 24 (absent: 1). */
  readonly hours?: number | null;
  /** UNIQUE: the event's name, reward and duration as they were at start. */
  readonly unique?: UniqueSnapshot | null;
}

/** What leaves which balance when a mission starts. */
export interface Reservation {
  /** The element whose vault and shards are drawn, or null when none are. */
  readonly elemid: Element | null;
  readonly elementals: number;
  readonly shards: number;
  /** Item code -> count, taken from the land's inventory. */
  readonly items: Readonly<Record<string, number>>;
  /** Treasury gold taken from the profile (HEROLEVELUP); absent: none. */
  readonly gold?: number;
}

export const NO_RESERVATION: Reservation = { elemid: null, elementals: 0, shards: 0, items: {} };

/** An inbox message: subject plus a body in simple HTML (<p>, <b>, <ul><li>). */
export interface Report {
  readonly subject: string;
  readonly body: string;
}

export const landLabel = (land: Pick<LandState, 'id' | 'name'>): string =>
  land.name ? land.name : `Land #${land.id}`;

/** A mission already running on the land, as far as the check cares. */
export interface RunningMissionRef {
  readonly type: MissionType;
  readonly elemid?: number | null;
}

/** An event as stored: a draft with its id, its dates (epoch ms) and what is left of it. */
export interface UniqueEvent extends UniqueEventDraft {
  readonly id: number;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly placesLeft: number;
  /** Closed early by an operator: no new missions, running ones still finish. */
  readonly closed: boolean;
}

/** What a started unique mission keeps in its params, so settlement needs no event row. */
export interface UniqueSnapshot {
  readonly eventid: number;
  readonly name: string;
  readonly reward: UniqueReward;
  readonly duration: UniqueDuration;
}

/** The event part of a mission check: the event (null when there is none) and the caller's entry. */
export interface UniqueCheckState {
  readonly event: UniqueEvent | null;
  /** The hero the caller already sent to this event, or null. */
  readonly joinedHeroId: number | null;
}

/** Everything `/misaar/mission/check` and `/start` need to decide, loaded by the server. */
export interface MissionCheckInput {
  /** The body's missionType, unchecked. */
  readonly type: string;
  readonly requesterId: number;
  readonly profile: ProfileState;
  readonly land: LandState;
  readonly hero: HeroState;
  /** The land's inventory: item code -> balance. */
  readonly landItems: Readonly<Record<string, number>>;
  /** Missions running on this land now (any hero). */
  readonly runningOnLand: readonly RunningMissionRef[];
  /** Whether the profile already started these today (UTC day of `now`). */
  readonly usedToday: { readonly dailyReward: boolean; readonly huntSeal: boolean };
  readonly params: MissionParams;
  /** UNIQUE only: the event and whether the caller already joined it. */
  readonly unique?: UniqueCheckState;
}
