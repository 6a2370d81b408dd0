import { GAME_CONFIG } from './config.js';
import { rollHero, type HeroDraft } from './heroes.js';
import type { LandDraft } from './mint.js';
import type { Rng } from './rng.js';
import { pickFreeSlot, type IsTaken } from './world-slots.js';
import { ELEMENTS } from './world.js';

const STARTER = GAME_CONFIG.starter;

export interface StarterHero {
  readonly hero: HeroDraft;
  /** True: lives on the starter land. False: no residence. */
  readonly resident: boolean;
}

export interface StarterGrant {
  readonly land: LandDraft;
  readonly heroes: readonly StarterHero[];
}

/**
 * What a new account receives: one Valley land on Aleph at a free slot near the centre, with
 * a random element, and three Common heroes, the first two resident there, the third homeless.
 * Null only when Aleph is full.
 */
export function starterGrant(rng: Rng, isTaken: IsTaken): StarterGrant | null {
  const element = rng.pick(ELEMENTS);
  const heroes = [
    ...Array.from({ length: STARTER.residentHeroes }, () => true),
    ...Array.from({ length: STARTER.homelessHeroes }, () => false),
  ].map((resident) => ({ hero: rollHero(rng, { rarity: STARTER.heroRarity }), resident }));
  const slot = pickFreeSlot(STARTER.continent, rng, isTaken);
  if (slot === null) return null;
  return { land: { ...slot, terrain: STARTER.terrain, element }, heroes };
}
