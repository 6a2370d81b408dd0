import { vi } from 'vitest';
import type { Hero, InventoryItem, Land } from '@aleph/contracts';
import { MissionLauncherContext, type MissionLauncher } from '../../lib/mission-launcher-context';
import { fakeFetch, json } from '../../test/fake-fetch';
import { makeHero, makeLand } from '../../test/game-data';
import { renderRoutes, signedInStore } from '../../test/render';
import { LandPage } from './land-page';
import { LandsPage } from './lands-page';

export function land(landid: number, overrides: Partial<Land> = {}): Land {
  return makeLand(landid, {
    x: 10,
    y: 20,
    gold: { leftover: 120, cap: 840, productivity: 120 },
    elements: [1, 0, 10, 2],
    shards: [3, 0, 1, 0],
    vault: {
      volume: [120, 45, 3000, 0],
      cap: [2000, 1000, 11000, 3000],
      seals: [1, 0, 5, 2],
      drain: [0.75, 0.95, 0.2, 0.55],
      steps: [0, 0, 0, 0],
    },
    ...overrides,
  });
}

export const hero = makeHero;

export function item(itemid: number, overrides: Partial<InventoryItem> = {}): InventoryItem {
  return {
    itemid,
    item_code: `ITEM_${itemid}`,
    item_name: `Item ${itemid}`,
    item_type: 'item',
    balance: 1,
    ...overrides,
  };
}

export function fakeLauncher() {
  return { open: vi.fn(), isOpen: false } satisfies MissionLauncher;
}

interface Setup {
  land?: Land;
  /** Answers GET /ard/lands/:id with this status instead of the land. */
  status?: number;
  features?: string[];
  heroes?: Hero[];
  balances?: InventoryItem[];
  lands?: Land[];
}

function server(setup: Setup) {
  const target = setup.land ?? land(7);
  return fakeFetch({
    [`GET /ard/lands/${target.landid}`]: () =>
      setup.status ? json({ message: 'Land not found.' }, setup.status) : json(target),
    [`GET /ard/lands/${target.landid}/balances`]: () => json(setup.balances ?? []),
    'GET /ard/lands': () => json(setup.lands ?? []),
    'GET /abtal/heroes': () => json(setup.heroes ?? []),
    'GET /athar/features': () => json(setup.features ?? ['profileLevel1', 'profileLevel2']),
  });
}

/** The land screen at `path` (default: the fixture land), with a fake launcher. */
export function renderLand(setup: Setup = {}, path?: string) {
  const fake = server(setup);
  const launcher = fakeLauncher();
  const view = renderRoutes(
    [
      {
        path: '/lands/:landid',
        element: (
          <MissionLauncherContext.Provider value={launcher}>
            <LandPage />
          </MissionLauncherContext.Provider>
        ),
      },
      { path: '/lands', element: <h1>Lands screen</h1> },
    ],
    path ?? `/lands/${(setup.land ?? land(7)).landid}`,
    signedInStore(),
  );
  return { ...fake, ...view, launcher };
}

/** The lands list at `path` (default '/lands'). */
export function renderLands(setup: Setup = {}, path = '/lands') {
  const fake = server(setup);
  const view = renderRoutes(
    [
      { path: '/lands', Component: LandsPage },
      { path: '/lands/:landid', element: <h1>Land screen</h1> },
    ],
    path,
    signedInStore(),
  );
  return { ...fake, ...view };
}
