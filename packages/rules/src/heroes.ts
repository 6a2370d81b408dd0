import { GAME_CONFIG } from './config.js';
import { heroName } from './hero-names.js';
import { weightedIndex, type Rng } from './rng.js';
import { valueAt } from './util.js';
import {
  ELEMENTS,
  RARITIES,
  SEXES,
  type Element,
  type Rarity,
  type Sex,
  type Skills,
} from './world.js';

const HEROES = GAME_CONFIG.heroes;

export interface SkillRange {
  readonly min: number;
  readonly max: number;
}

/** The inclusive range every skill of this rarity is drawn from. */
export function skillRange(rarity: Rarity): SkillRange {
  const [min, max] = valueAt(HEROES.skillRanges, rarity, 'rarity');
  return { min, max };
}

/** Eight skills, each uniform within the rarity's range, in the usual skill order. */
export function rollSkills(rarity: Rarity, rng: Rng): Skills {
  const { min, max } = skillRange(rarity);
  const roll = (): number => rng.int(min, max);
  return [roll(), roll(), roll(), roll(), roll(), roll(), roll(), roll()];
}

/** Mint rarity: Common 50%, Uncommon 25%, Rare 15%, Epic 8%, Legendary 2%. */
export function rollMintRarity(rng: Rng): Rarity {
  return valueAt(RARITIES, weightedIndex(rng, GAME_CONFIG.market.heroRarityWeights), 'rarity');
}

/** A hero before it has an id or an owner: what minting and the starter grant create. */
export interface HeroDraft {
  readonly name: string;
  readonly rarity: Rarity;
  readonly sex: Sex;
  readonly element: Element;
  readonly generation: number;
  readonly skills: Skills;
}

export interface RollHeroOptions {
  /** Fixed rarity (starter heroes are Common); drawn by the mint weights when absent. */
  readonly rarity?: Rarity;
}

/**
 * A generation-0 hero. Draw order is fixed (rarity, sex, element, skills, name) so that a
 * stored seed always replays the same hero.
 */
export function rollHero(rng: Rng, options: RollHeroOptions = {}): HeroDraft {
  const rarity = options.rarity ?? rollMintRarity(rng);
  const sex = rng.pick(SEXES);
  const element = rng.pick(ELEMENTS);
  const skills = rollSkills(rarity, rng);
  return {
    name: heroName(rng, sex),
    rarity,
    sex,
    element,
    generation: HEROES.mintGeneration,
    skills,
  };
}
