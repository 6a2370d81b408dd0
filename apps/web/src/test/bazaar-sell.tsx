import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Hero, InventoryItem, Land } from '@aleph/contracts';
import { BazaarSellProvider } from '../app/bazaar-sell-provider';
import { MissionLauncherContext } from '../lib/mission-launcher-context';
import { fakeFetch, json, type RecordedCall } from './fake-fetch';
import { makeHero, makeLand } from './game-data';
import { renderRoutes, signedInStore } from './render';
import { HeroPage } from '../features/heroes/hero-page';
import { LandPage } from '../features/lands/land-page';

/** Test helpers for selling on the Bazaar from the heroes' and lands' pages (tests only). */

export const TRADER = ['profileLevel1', 'profileLevel2'];

export const HEROES: Hero[] = [
  makeHero(3, { name: 'Cael', residenceid: 1 }),
  makeHero(2, { name: 'Bree', busy: true, eta: '2099-01-01T10:00:00Z' }),
];

export const LAND: Land = makeLand(7, {
  name: 'Oasis',
  shards: [3, 0, 0, 0],
  vault: {
    volume: [12.6, 0, 0, 0],
    cap: [100, 100, 100, 100],
    seals: [0, 0, 0, 0],
    drain: [0, 0, 0, 0],
    steps: [0, 0, 0, 0],
  },
});

export const SEAL: InventoryItem = {
  itemid: 5,
  item_code: 'SEAL_FIRE',
  item_name: 'Fire Seal',
  item_type: 'item',
  balance: 4,
};

type Reply = ReturnType<typeof json> | Promise<ReturnType<typeof json>>;

interface Setup {
  features?: string[];
  land?: Land;
  /** Answers each POST of a listing; by default a new listing #42. */
  list?: (call: RecordedCall) => Reply;
}

/** A listing made: only its id matters to the seller's dialog. */
export const made = (id = 42) => json({ listing: { id }, gold: 990, platinum: 0 }, 201);

function ListingStandIn() {
  return <h1>Listing {useParams().id}</h1>;
}

const launcher = { open: vi.fn(), isOpen: false };
const framed = (page: ReactNode) => (
  <MissionLauncherContext.Provider value={launcher}>
    <BazaarSellProvider>{page}</BazaarSellProvider>
  </MissionLauncherContext.Provider>
);

/** The signed-in hero or land page at `path`, with the Bazaar's sell dialog as the app has it. */
export function renderSeller(path: string, setup: Setup = {}) {
  const land = setup.land ?? LAND;
  const fake = fakeFetch({
    'GET /athar/features': () => json(setup.features ?? TRADER),
    'GET /abtal/heroes': () => json(HEROES),
    [`GET /ard/lands/${land.landid}`]: () => json(land),
    [`GET /ard/lands/${land.landid}/balances`]: () => json([SEAL]),
    'GET /ard/lands': () => json([land]),
    'POST /souq/bazaar/listings': setup.list ?? (() => made()),
  });
  const view = renderRoutes(
    [
      { path: '/heroes/:heroid', element: framed(<HeroPage />) },
      { path: '/lands/:landid', element: framed(<LandPage />) },
      { path: '/bazaar/:id', element: <ListingStandIn /> },
    ],
    path,
    signedInStore(),
  );
  return { ...fake, ...view };
}

/** The Idempotency-Key header of each listing POST, in order. */
export function listingKeys(fetchMock: ReturnType<typeof fakeFetch>['fetchMock']) {
  return fetchMock.mock.calls
    .map(([input]) => input as Request)
    .filter((request) => request.method === 'POST')
    .map((request) => request.headers.get('Idempotency-Key'));
}

/** The open sell dialog (it loads lazily). */
export const sellDialog = async () =>
  within(await screen.findByRole('dialog', { name: 'Sell on the Bazaar' }));
