import { GAME_CONFIG } from './config.js';
import type { Rng } from './rng.js';
import { Sex } from './world.js';

/**
 * Fantasy names built from syllables: a first part, an optional middle, and an ending that
 * hints at the hero's sex, sometimes with an epithet. Drawn from the rng, so a minted hero's
 * name replays with its seed.
 */
const words = (text: string): readonly string[] => text.split(' ');

const STARTS = words(
  'Al Bel Cor Dar El Fen Gal Hal Ith Kael Lor Mor Nym Or Per Quel Rha Sar Thal Ul Val Wyn Yr Zan',
);
const MIDDLES = ['', '', 'a', 'e', 'i', 'o', 'ra', 'ri', 'la', 'ne', 'th', 'dr'];
const ENDINGS: Readonly<Record<Sex, readonly string[]>> = {
  [Sex.Female]: words('a ia elle wyn ith ra yn iel ana is'),
  [Sex.Male]: words('or an ius ek ar im os ad orn uin'),
};
const EPITHETS = [
  'the Bold',
  'the Wise',
  'the Swift',
  'the Patient',
  'of the Dunes',
  'of the North Wind',
  'Stormborn',
  'the Wanderer',
  'the Keeper',
  'Emberheart',
  'Tidecaller',
  'Stonehand',
];

export function heroName(rng: Rng, sex: Sex): string {
  const word = rng.pick(STARTS) + rng.pick(MIDDLES) + rng.pick(ENDINGS[sex]);
  // Always draw both, so that every name uses the same number of draws.
  const epithet = rng.pick(EPITHETS);
  const withEpithet = rng.next() < GAME_CONFIG.heroes.epithetChance;
  return withEpithet ? `${word} ${epithet}` : word;
}
