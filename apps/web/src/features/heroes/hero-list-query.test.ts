import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUERY,
  filterAndSortHeroes,
  heroListSearch,
  parseHeroListQuery,
} from './hero-list-query';
import { HEROES } from './test-heroes';

const ids = (query = {}) =>
  filterAndSortHeroes(HEROES, { ...DEFAULT_QUERY, ...query }).map((hero) => hero.heroid);

describe('hero list query', () => {
  it('reads the URL, ignoring what it does not understand', () => {
    expect(parseHeroListQuery(new URLSearchParams(''))).toEqual(DEFAULT_QUERY);
    expect(
      parseHeroListQuery(new URLSearchParams('rarity=4&element=2&sort=element&page=3&rows=50')),
    ).toEqual({ rarity: 4, element: 2, sort: 'element', page: 2, rowsPerPage: 50 });
    expect(
      parseHeroListQuery(new URLSearchParams('rarity=9&element=x&sort=name&page=-1&rows=7')),
    ).toEqual(DEFAULT_QUERY);
  });

  it('writes only what differs from the defaults', () => {
    expect(heroListSearch(DEFAULT_QUERY).toString()).toBe('');
    const query = { rarity: 0, element: 3, sort: 'rarity', page: 2, rowsPerPage: 25 } as const;
    expect(heroListSearch(query).toString()).toBe('rarity=0&element=3&sort=rarity&page=3&rows=25');
    expect(parseHeroListQuery(heroListSearch(query))).toEqual(query);
  });

  it('filters by rarity and element and sorts by id, rarity or element', () => {
    expect(ids()).toEqual([1, 2, 3, 4]);
    expect(ids({ rarity: 1 })).toEqual([2, 3]);
    expect(ids({ element: 0 })).toEqual([3]);
    expect(ids({ rarity: 1, element: 2 })).toEqual([2]);
    expect(ids({ rarity: 0 })).toEqual([]);
    expect(ids({ sort: 'rarity' })).toEqual([2, 3, 1, 4]);
    expect(ids({ sort: 'element' })).toEqual([3, 4, 2, 1]);
  });
});
