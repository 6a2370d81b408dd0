import type { ListRefusal, LandState } from '@aleph/rules';
import type { BazaarErrorCode } from '@aleph/contracts';
import { conflict } from '../../lib/errors.js';
import type { ChangeBook, Cause } from '../../core/change-book.js';

/** What a listing row copies of the thing it sells (docs/api.md, Bazaar: the search reads these). */
export interface ListingFacts {
  heroId: number | null;
  landId: number | null;
  item: string | null;
  sourceLandId: number | null;
  quantity: number;
  title: string;
  goodKey: string;
  rarity: number | null;
  element: number | null;
  terrain: number | null;
  level: number | null;
  skills: number[] | null;
}

/** The facts, the locked lands the change book must track, and the goods' move into escrow. */
export interface PreparedListing {
  facts: ListingFacts;
  lands: LandState[];
  escrow?: (book: ChangeBook, why: Cause) => void;
}

const MESSAGES: Record<ListRefusal, string> = {
  HERO_BUSY: 'This hero is on a mission; list it when it is back.',
  HERO_DEFENDING: 'This hero defends you in the Arena; take it out of the defence team first.',
  LAST_HERO: 'You cannot sell your last hero.',
  LAST_LAND: 'You cannot sell your last land.',
  LAND_HAS_RESIDENTS: 'Heroes live on this land; move them out before selling it.',
  LAND_BUSY: 'A mission is running on this land; list it when it is over.',
  ALREADY_LISTED: 'This is listed already.',
  NOT_ENOUGH_GOODS: 'This land does not hold that many.',
};

/** 409 with the rules' refusal, whose name is also its BazaarErrorCode. */
export function refused(why: ListRefusal, field: string) {
  const code: BazaarErrorCode = why;
  return conflict(code, MESSAGES[why], field);
}

/** The facts' fields a hero or land listing leaves empty. */
export const NO_GOODS: ListingFacts = {
  heroId: null,
  landId: null,
  item: null,
  sourceLandId: null,
  quantity: 1,
  title: '',
  goodKey: '',
  rarity: null,
  element: null,
  terrain: null,
  level: null,
  skills: null,
};
