import type { Hero } from '@aleph/contracts';
import { ELEMENT_NAMES, RARITY_NAMES } from '@aleph/rules';
import { DEFAULT_ROWS_PER_PAGE, parseRowsPerPage } from '../../lib/rows-per-page';

export const HERO_SORTS = [
  { value: 'id', label: 'ID' },
  { value: 'rarity', label: 'Rarity' },
  { value: 'element', label: 'Element' },
] as const;
export type HeroSort = (typeof HERO_SORTS)[number]['value'];

/** What the list shows: filters, order and page. Kept in the URL, so 'back' restores it. */
export interface HeroListQuery {
  /** null: all rarities. */
  rarity: number | null;
  /** null: all elements. */
  element: number | null;
  sort: HeroSort;
  /** Zero-based; the address counts from 1, as the pager does. */
  page: number;
  rowsPerPage: number;
}

export const DEFAULT_QUERY: HeroListQuery = {
  rarity: null,
  element: null,
  sort: 'id',
  page: 0,
  rowsPerPage: DEFAULT_ROWS_PER_PAGE,
};

function indexParam(value: string | null, count: number): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const index = Number(value);
  return index < count ? index : null;
}

export function parseHeroListQuery(params: URLSearchParams): HeroListQuery {
  const sort = HERO_SORTS.find((option) => option.value === params.get('sort'));
  const page = Number(params.get('page'));
  return {
    rarity: indexParam(params.get('rarity'), RARITY_NAMES.length),
    element: indexParam(params.get('element'), ELEMENT_NAMES.length),
    sort: sort?.value ?? DEFAULT_QUERY.sort,
    page: Number.isInteger(page) && page > 1 ? page - 1 : 0,
    rowsPerPage: parseRowsPerPage(params.get('rows')),
  };
}

/** The URL form of a query; defaults are left out to keep links short. */
export function heroListSearch(query: HeroListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.rarity !== null) params.set('rarity', String(query.rarity));
  if (query.element !== null) params.set('element', String(query.element));
  if (query.sort !== DEFAULT_QUERY.sort) params.set('sort', query.sort);
  if (query.page > 0) params.set('page', String(query.page + 1));
  if (query.rowsPerPage !== DEFAULT_QUERY.rowsPerPage)
    params.set('rows', String(query.rowsPerPage));
  return params;
}

/** As the lands list: ascending by the sort key, ties by id. */
const SORT_KEY: Record<HeroSort, (hero: Hero) => number> = {
  id: (hero) => hero.heroid,
  rarity: (hero) => hero.rarity,
  element: (hero) => hero.element,
};

export function filterAndSortHeroes(heroes: readonly Hero[], query: HeroListQuery): Hero[] {
  const key = SORT_KEY[query.sort];
  return heroes
    .filter((hero) => query.rarity === null || hero.rarity === query.rarity)
    .filter((hero) => query.element === null || hero.element === query.element)
    .sort((a, b) => key(a) - key(b) || a.heroid - b.heroid);
}
