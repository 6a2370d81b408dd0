import { describe, expect, it } from 'vitest';
import {
  endAfterBid,
  listingEnd,
  listingFee,
  listRefusal,
  minNextBid,
  proceeds,
  saleFee,
  type ListCandidate,
  type ListRefusal,
} from './bazaar.js';
import { BAZAAR_CONFIG } from './config-bazaar.js';

const MAX = BAZAAR_CONFIG.maxPrice;
const MIN = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('fees (docs/game-rules.md, Bazaar: Fees)', () => {
  it.each([
    // price, listing fee, sale fee, proceeds
    [1, 1, 1, 0],
    [19, 1, 1, 18],
    [20, 1, 1, 19],
    [21, 1, 2, 19],
    [99, 1, 5, 94],
    [100, 1, 5, 95],
    [101, 2, 6, 95],
    [199, 2, 10, 189],
    [200, 2, 10, 190],
    [1_000, 10, 50, 950],
    [12_345, 124, 618, 11_727],
    [MAX - 1, 10_000_000, 50_000_000, 949_999_999],
    [MAX, 10_000_000, 50_000_000, 950_000_000],
  ])('at %i: listing fee %i, sale fee %i, seller receives %i', (price, list, sale, net) => {
    expect(listingFee(price)).toBe(list);
    expect(saleFee(price)).toBe(sale);
    expect(proceeds(price)).toBe(net);
    expect(proceeds(price) + saleFee(price)).toBe(price);
  });

  it('never takes more than the price as the sale fee', () => {
    for (let price = 1; price <= 200; price++) {
      expect(saleFee(price)).toBeLessThanOrEqual(price);
      expect(proceeds(price)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('minNextBid', () => {
  it('is the start price before any bid', () => {
    expect(minNextBid(500, null)).toBe(500);
    expect(minNextBid(1, null)).toBe(1);
  });

  it.each([
    // current bid, lowest next bid
    [100, 105],
    [101, 107], // 106.05 rounds up
    [110, 116], // 115.5 rounds up
    [1_000, 1_050],
    [1_001, 1_052], // 1051.05 rounds up
    [20, 21], // exactly 5 %
    [19, 20], // 19.95 rounds up
    [MAX - 1, 1_049_999_999],
  ])('after a bid of %i it is %i', (current, next) => {
    expect(minNextBid(1, current)).toBe(next);
  });

  it.each([
    [1, 2],
    [2, 3],
    [10, 11],
  ])('a tiny bid of %i still needs a raise of at least 1 (%i)', (current, next) => {
    expect(minNextBid(1, current)).toBe(next);
  });

  it('after a bid the start price no longer matters', () => {
    expect(minNextBid(10_000, 100)).toBe(105);
  });
});

describe('endAfterBid (anti-sniping)', () => {
  const end = T0 + DAY;
  it.each([
    ['an hour before the end', end - 60 * MIN, end],
    ['just outside the last 5 minutes', end - 5 * MIN - 1, end],
    ['exactly 5 minutes before the end', end - 5 * MIN, end],
    ['4 minutes before the end', end - 4 * MIN, end + MIN],
    ['1 ms before the end', end - 1, end - 1 + 5 * MIN],
  ])('a bid %s ends the auction at the right time', (_label, bidAt, expected) => {
    expect(endAfterBid(end, bidAt)).toBe(expected);
  });

  it('never moves the end earlier', () => {
    for (let before = 0; before <= 10 * MIN; before += 7_919) {
      expect(endAfterBid(end, end - before)).toBeGreaterThanOrEqual(end);
    }
  });

  it('keeps extending while late bids keep coming', () => {
    let e = end;
    for (let i = 0; i < 3; i++) e = endAfterBid(e, e - MIN);
    expect(e).toBe(end + 3 * 4 * MIN);
  });
});

describe('listingEnd', () => {
  it('is 7 days on for a fixed price', () => {
    expect(listingEnd(T0, null)).toBe(T0 + 7 * DAY);
  });
  it.each([1, 3, 7])('is %i days on for an auction of that many days', (days) => {
    expect(listingEnd(T0, days)).toBe(T0 + days * DAY);
  });
});

const hero = (over: Partial<Extract<ListCandidate, { kind: 'hero' }>> = {}): ListCandidate => ({
  kind: 'hero',
  onMission: false,
  inDefence: false,
  listed: false,
  heroCount: 2,
  ...over,
});
const land = (over: Partial<Extract<ListCandidate, { kind: 'land' }>> = {}): ListCandidate => ({
  kind: 'land',
  residents: 0,
  runningMissions: 0,
  listed: false,
  landCount: 2,
  ...over,
});

describe('listRefusal', () => {
  it.each<[string, ListCandidate, ListRefusal | null]>([
    ['an idle hero of two', hero(), null],
    ['a hero of many', hero({ heroCount: 30 }), null],
    ['a hero on a mission', hero({ onMission: true }), 'HERO_BUSY'],
    ['a hero in the defence team', hero({ inDefence: true }), 'HERO_DEFENDING'],
    ['the last hero', hero({ heroCount: 1 }), 'LAST_HERO'],
    ['a hero already listed', hero({ listed: true }), 'ALREADY_LISTED'],
    ['listed before busy', hero({ listed: true, onMission: true }), 'ALREADY_LISTED'],
    ['busy before defending', hero({ onMission: true, inDefence: true }), 'HERO_BUSY'],
    ['defending before last', hero({ inDefence: true, heroCount: 1 }), 'HERO_DEFENDING'],
    ['an empty land of two', land(), null],
    ['a land of many', land({ landCount: 12 }), null],
    ['a land with a resident', land({ residents: 1 }), 'LAND_HAS_RESIDENTS'],
    ['a land with a running mission', land({ runningMissions: 1 }), 'LAND_BUSY'],
    ['the last land', land({ landCount: 1 }), 'LAST_LAND'],
    ['a land already listed', land({ listed: true }), 'ALREADY_LISTED'],
    ['listed before last', land({ listed: true, landCount: 1 }), 'ALREADY_LISTED'],
    ['last before residents', land({ landCount: 1, residents: 3 }), 'LAST_LAND'],
    ['residents before missions', land({ residents: 2, runningMissions: 1 }), 'LAND_HAS_RESIDENTS'],
    ['goods: all the land holds', { kind: 'goods', available: 5, quantity: 5 }, null],
    ['goods: part of it', { kind: 'goods', available: 5, quantity: 1 }, null],
    ['goods: one too many', { kind: 'goods', available: 5, quantity: 6 }, 'NOT_ENOUGH_GOODS'],
    ['goods: from an empty land', { kind: 'goods', available: 0, quantity: 1 }, 'NOT_ENOUGH_GOODS'],
  ])('%s', (_label, candidate, refusal) => {
    expect(listRefusal(candidate)).toBe(refusal);
  });
});
