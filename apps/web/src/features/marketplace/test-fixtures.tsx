import type {
  Hero,
  Land,
  MarketOffers,
  MintPrices,
  PaymentSetup,
  ProfileSummary,
  Purchase,
} from '@aleph/contracts';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { makeHero, makeLand } from '../../test/game-data';
import { renderRoutes, signedInStore } from '../../test/render';
import { MarketplacePage } from './marketplace-page';

export const TREASURY = '0x00000000000000000000000000000000000000aa';
export const WALLET = '0x1111111111111111111111111111111111111111';
export const TX_HASH = `0x${'ab'.repeat(32)}`;

export function offers(payment: Partial<PaymentSetup> = {}): MarketOffers {
  return {
    packages: [
      {
        id: 'platinum-100',
        platinum: 100,
        bonusPercent: 0,
        priceWei: '10000000000000000',
        price: '0.01 ETH',
      },
      {
        id: 'platinum-550',
        platinum: 550,
        bonusPercent: 10,
        priceWei: '50000000000000000',
        price: '0.05 ETH',
      },
      {
        id: 'platinum-1200',
        platinum: 1200,
        bonusPercent: 20,
        priceWei: '100000000000000000',
        price: '0.1 ETH',
      },
    ],
    mint: { land: 100, hero: 50 },
    payment: { provider: 'sandbox', chainId: null, treasury: null, confirmations: 0, ...payment },
  };
}

/** What GET /market/mint/prices answers for a player with the starter's land and heroes. */
export function mintPrices(gold: { land?: number; hero?: number } = {}): MintPrices {
  return {
    land: { platinum: 100, gold: gold.land ?? 3000 },
    hero: { platinum: 50, gold: gold.hero ?? 1500 },
  };
}

export const onchain = (): MarketOffers =>
  offers({ provider: 'onchain', chainId: 1337, treasury: TREASURY, confirmations: 2 });

export function purchase(purchaseid: number, overrides: Partial<Purchase> = {}): Purchase {
  return {
    purchaseid,
    kind: 'platinum',
    status: 'confirmed',
    platinum: 550,
    gold: 0,
    packageId: 'platinum-550',
    createdAt: '2026-03-01T10:00:00.000Z',
    confirmedAt: '2026-03-01T10:00:00.000Z',
    txHash: null,
    ...overrides,
  };
}

export function profile(platinum: number, gold = 10): ProfileSummary {
  return {
    nickname: 'buyer',
    vip: { vipPoints: 0, vipLevel: 0 },
    level: { level: 1, profilePoints: 0, upgradable: false },
    treasury: { gold, platinum },
  };
}

export function land(landid: number, overrides: Partial<Land> = {}): Land {
  return makeLand(landid, { terrain_type: 2, element: 1, x: 17, y: 203, ...overrides });
}

export function hero(heroid: number, overrides: Partial<Hero> = {}): Hero {
  return makeHero(heroid, {
    name: 'Nadia Stormveil',
    rarity: 2,
    element: 2,
    skills: [30, 12, 25, 41, 18, 22, 9, 33],
    ...overrides,
  });
}

type Handler = Parameters<typeof fakeFetch>[0][string];

interface Market {
  offers?: MarketOffers;
  /** The balance the profile summary answers; a function is read on every request. */
  platinum?: number | (() => number);
  /** The treasury gold the profile summary answers (10 unless given). */
  gold?: number | (() => number);
  /** What GET /market/mint/prices answers; a function is read on every request. */
  prices?: MintPrices | (() => MintPrices);
  purchases?: Purchase[] | (() => Purchase[]);
  routes?: Record<string, Handler>;
}

/** The marketplace at `path` with a fake server; land and hero routes stand in for theirs. */
export function renderMarket(path: string, market: Market = {}) {
  const platinum = market.platinum ?? 0;
  const gold = market.gold ?? 10;
  const prices = market.prices ?? mintPrices();
  const purchases = market.purchases ?? [];
  const server = fakeFetch({
    'GET /market/offers': () => json(market.offers ?? offers()),
    'GET /market/mint/prices': () => json(typeof prices === 'function' ? prices() : prices),
    'GET /athar/profile': () =>
      json(
        profile(
          typeof platinum === 'function' ? platinum() : platinum,
          typeof gold === 'function' ? gold() : gold,
        ),
      ),
    'GET /market/purchases': () => json(typeof purchases === 'function' ? purchases() : purchases),
    ...market.routes,
  });
  const view = renderRoutes(
    [
      { path: '/marketplace', Component: MarketplacePage },
      { path: '/lands/:landid', element: <h1>Land screen</h1> },
      { path: '/heroes/:heroid', element: <h1>Hero screen</h1> },
    ],
    path,
    signedInStore(),
  );
  return { ...server, ...view };
}

export const callsTo = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((call) => call.method === method && call.path === path);
