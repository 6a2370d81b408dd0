import type { ListingSearchQuery } from '@aleph/contracts';
import { BAZAAR_CONFIG, SKILL_NAMES } from '@aleph/rules';

/** The query keys of the hero skill minimums, in the skills' order (docs/screens.md). */
export const SKILL_KEYS = SKILL_NAMES.map((name) => `min${name}` as const);
export type SkillKey = (typeof SKILL_KEYS)[number];

/** The filters a search page shows: the search query without its paging. */
export type BazaarFilters = Omit<ListingSearchQuery, 'cursor' | 'limit'>;

const SKILL_MAX = 200;
const KINDS = ['hero', 'land', 'goods'] as const;
const SORTS = ['newest', 'price', '-price', 'ending'] as const;

function whole(raw: string | null, max: number): number | undefined {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n <= max ? n : undefined;
}

function oneOf<T extends string>(raw: string | null, values: readonly T[]): T | undefined {
  return values.find((v) => v === raw);
}

/**
 * The filters in the page's URL, which uses the API's own query names so a link is shareable.
 * A value the API would refuse is left out rather than sent (a hand-edited link).
 */
export function readFilters(search: URLSearchParams): BazaarFilters {
  const f: BazaarFilters = {};
  const set = <K extends keyof BazaarFilters>(key: K, value: BazaarFilters[K] | undefined) => {
    if (value !== undefined) f[key] = value;
  };
  set('kind', oneOf(search.get('kind'), KINDS));
  const item = search.get('item');
  if (item !== null && /^[A-Za-z_]{1,40}$/.test(item)) f.item = item;
  set('rarity', whole(search.get('rarity'), 4));
  set('element', whole(search.get('element'), 3));
  set('terrain', whole(search.get('terrain'), 4));
  for (const key of SKILL_KEYS) set(key, whole(search.get(key), SKILL_MAX));
  set('minPrice', whole(search.get('minPrice'), BAZAAR_CONFIG.maxPrice));
  set('maxPrice', whole(search.get('maxPrice'), BAZAAR_CONFIG.maxPrice));
  set('currency', oneOf(search.get('currency'), ['gold', 'platinum'] as const));
  const auction = search.get('auction');
  if (auction === 'true' || auction === 'false') f.auction = auction === 'true';
  const sort = oneOf(search.get('sort'), SORTS);
  // Newest is the server's default: a plain link stays plain.
  if (sort && sort !== 'newest') f.sort = sort;
  return f;
}

/**
 * The URL's query after one filter changed; '' removes it. A new kind drops the filters that
 * only its predecessor had (skill minimums, the item).
 */
export function withFilter(search: URLSearchParams, key: keyof BazaarFilters, value: string) {
  const next = new URLSearchParams(search);
  if (value === '') next.delete(key);
  else next.set(key, value);
  if (key === 'kind' && value !== 'hero') for (const skill of SKILL_KEYS) next.delete(skill);
  if (key === 'kind' && value !== 'goods') next.delete('item');
  if (key === 'sort' && value === 'newest') next.delete('sort');
  return next;
}

/** True when any filter narrows the search (for the empty state's words). */
export const isFiltered = (f: BazaarFilters) => Object.keys(f).some((key) => key !== 'sort');

export const SKILL_LIMIT = SKILL_MAX;
