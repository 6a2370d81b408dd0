import { GAME_CONFIG } from './config.js';
import { HERO_GROWTH_CONFIG } from './config-hero-growth.js';
import type { LandState, VaultSnapshot } from './model.js';
import { elapsedDays } from './time.js';
import { valueAt } from './util.js';
import { ELEMENTS, type Element } from './world.js';

const VAULT = GAME_CONFIG.vault;

/** Fraction of the volume lost per day at this seal level, times 0.85 per improvement step. */
export function drainFor(seals: number, steps = 0): number {
  const factor = HERO_GROWTH_CONFIG.sealImprovement.drainFactor ** steps;
  return valueAt(VAULT.drainBySeal, seals, 'seal level') * factor;
}

/** A land's improvement steps of one element's seal (0 when the land has none recorded). */
export const sealSteps = (land: Pick<LandState, 'improvements'>, el: Element): number =>
  land.improvements?.[el] ?? 0;

export function sealName(seals: number): string {
  return valueAt(VAULT.sealNames, seals, 'seal level');
}

/** `1000 * (1 + towerLevel)`: a higher tower widens its element's vault. */
export function vaultCap(towerLevel: number): number {
  return VAULT.capPerLevel * (1 + towerLevel);
}

/**
 * Volume at `now`: continuous decay `volume * (1 - drain)^days`, never above the cap nor
 * below zero. Time before the snapshot counts as zero.
 */
export function volumeAt(
  snapshot: VaultSnapshot,
  seals: number,
  cap: number,
  now: number,
  steps = 0,
): number {
  const decayed = snapshot.volume * (1 - drainFor(seals, steps)) ** elapsedDays(snapshot.at, now);
  return Math.min(cap, Math.max(0, decayed));
}

export interface VaultChange {
  /** The snapshot to store: the volume at `now` after the change. */
  readonly snapshot: VaultSnapshot;
  /** Elementals actually added (or withdrawn), whole units. */
  readonly amount: number;
}

/**
 * Adds up to `amount` elementals at `now`; what does not fit under the cap is lost. Only
 * whole elementals are added, so ledger entries stay integers.
 */
export function addElementals(
  snapshot: VaultSnapshot,
  seals: number,
  cap: number,
  amount: number,
  now: number,
  steps = 0,
): VaultChange {
  const current = volumeAt(snapshot, seals, cap, now, steps);
  const added = Math.max(0, Math.min(Math.floor(amount), Math.floor(cap - current)));
  return { snapshot: { volume: current + added, at: now }, amount: added };
}

/** Takes exactly `amount` elementals at `now`, or returns null when the vault holds fewer. */
export function withdrawElementals(
  snapshot: VaultSnapshot,
  seals: number,
  cap: number,
  amount: number,
  now: number,
  steps = 0,
): VaultChange | null {
  const current = volumeAt(snapshot, seals, cap, now, steps);
  if (amount < 0 || current < amount) return null;
  return { snapshot: { volume: current - amount, at: now }, amount };
}

export interface VaultView {
  /** Whole elementals in the vault. */
  readonly volume: number;
  readonly cap: number;
  readonly seals: number;
  /** Fraction per day, improvement steps included. */
  readonly drain: number;
  /** Seal improvement steps, 0..5. */
  readonly steps: number;
}

/** Vault of one element at `now`, as the API shows it. */
export function vaultOf(
  land: Pick<LandState, 'towers' | 'seals' | 'vault' | 'improvements'>,
  elemid: Element,
  now: number,
): VaultView {
  const cap = vaultCap(land.towers[elemid]);
  const seals = land.seals[elemid];
  const steps = sealSteps(land, elemid);
  return {
    volume: Math.floor(volumeAt(land.vault[elemid], seals, cap, now, steps)),
    cap,
    seals,
    drain: drainFor(seals, steps),
    steps,
  };
}

/** All four vaults in element order. */
export function vaultView(
  land: Pick<LandState, 'towers' | 'seals' | 'vault' | 'improvements'>,
  now: number,
): VaultView[] {
  return ELEMENTS.map((element) => vaultOf(land, element, now));
}

/** Exact (fractional) volume of one element at `now`: the figure "enough" is judged on. */
export function landVolumeAt(
  land: Pick<LandState, 'towers' | 'seals' | 'vault' | 'improvements'>,
  elemid: Element,
  now: number,
): number {
  const cap = vaultCap(land.towers[elemid]);
  return volumeAt(land.vault[elemid], land.seals[elemid], cap, now, sealSteps(land, elemid));
}
