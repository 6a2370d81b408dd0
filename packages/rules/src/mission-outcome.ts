import type {
  GoldSnapshot,
  HeroState,
  LandState,
  MissionParams,
  Report,
  Reservation,
  VaultSnapshot,
} from './model.js';
import type { Element, MissionType } from './world.js';

/** A started mission as stored: enough to settle it and to refund it. */
export interface MissionRecord {
  readonly type: MissionType;
  readonly params: MissionParams;
  /** What start took from the balances. */
  readonly reservation: Reservation;
}

/** The land and hero as they are at settlement time. */
export interface SettleState {
  readonly land: LandState;
  readonly hero: HeroState;
}

/**
 * What settlement changes. `delta`s are what the mission itself moves (for the ledger);
 * `snapshot`s are the values to store, evaluated at settle time (they include production or
 * decay up to `now`, and re-base the snapshot when a rate changes).
 */
export interface MissionOutcome {
  readonly type: MissionType;
  /** False: the hunt missed, the land was full, the claim found nothing, or the upgrade was stale. */
  readonly success: boolean;
  readonly xp: number;
  /** Gold into the profile's treasury. */
  readonly treasuryGold: number;
  /** Gold moved by GOLDCLAIM: the TOP_GOLD_CLAIMERS score. */
  readonly goldClaimed: number;
  readonly landGold: { readonly delta: number; readonly snapshot: GoldSnapshot } | null;
  readonly vault: {
    readonly elemid: Element;
    readonly delta: number;
    readonly snapshot: VaultSnapshot;
  } | null;
  readonly shards: { readonly elemid: Element; readonly delta: number } | null;
  /** Item code -> count, granted to the land's inventory. */
  readonly items: Readonly<Record<string, number>>;
  readonly towerLevel: { readonly elemid: Element; readonly level: number } | null;
  readonly seal: { readonly elemid: Element; readonly seals: number } | null;
  /** HEROLEVELUP: the hero's new level (its upskill points follow from it). */
  readonly heroLevel: number | null;
  /** IMPROVESEAL: the element's new count of seal improvement steps. */
  readonly sealSteps: { readonly elemid: Element; readonly steps: number } | null;
  /** The hero's new residence, or null when it does not change. */
  readonly residenceLandId: number | null;
  /** Returned to the balances when the mission could not complete (vault capped on return). */
  readonly refund: Reservation | null;
  /** The inbox message. */
  readonly report: Report;
}

type OutcomeFields = Partial<Omit<MissionOutcome, 'type' | 'report'>>;

/** An outcome with nothing changed but the given fields. */
export function outcome(type: MissionType, fields: OutcomeFields, report: Report): MissionOutcome {
  return {
    type,
    success: true,
    xp: 0,
    treasuryGold: 0,
    goldClaimed: 0,
    landGold: null,
    vault: null,
    shards: null,
    items: {},
    towerLevel: null,
    seal: null,
    heroLevel: null,
    sealSteps: null,
    residenceLandId: null,
    refund: null,
    ...fields,
    report,
  };
}
