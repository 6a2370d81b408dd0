import type { Hero } from '@aleph/contracts';
import { makeHero as gameHero } from '../../test/game-data';

/** Test data for the heroes screens. */
export function makeHero(heroid: number, change: Partial<Hero> = {}): Hero {
  const skills = [11, 22, 33, 44, 55, 66, 77, 88];
  return gameHero(heroid, { generation: 1, skills, baseSkills: [...skills], ...change });
}

/** Four heroes of mixed rarity and element, listed out of id order. */
export const HEROES: Hero[] = [
  makeHero(4, { name: 'Dara', rarity: 4, element: 1, residenceid: 2 }),
  makeHero(1, { name: 'Arin', rarity: 3, element: 3, sex: 1 }),
  makeHero(3, { name: 'Cael', rarity: 1, element: 0, residenceid: 1 }),
  makeHero(2, { name: 'Bree', rarity: 1, element: 2, busy: true, eta: '2099-01-01T10:00:00Z' }),
];

/** `count` heroes with ids 1..count. */
export const manyHeroes = (count: number) =>
  Array.from({ length: count }, (_, index) => makeHero(index + 1));
