import type { ComponentType } from 'react';
import type { DashboardStat, Hero, RunningMission } from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { makeHero } from '../../test/game-data';
import { renderRoutes, signedInStore } from '../../test/render';
import { DashboardPage } from './dashboard-page';

export function stat(overrides: Partial<DashboardStat> = {}): DashboardStat {
  return {
    heroes: { ok: true, data: { busy: 2, idle: 3, noResidence: 1 } },
    daily: { daily: true, seal: false },
    gold: [{ landid: 1, leftover: 100, cap: 700, mission: false }],
    announces: [{ messageid: 1, message: 'Welcome to Aleph' }],
    ...overrides,
  };
}

/** What GET /dashboard/stat answers below profile level 2: no gold or daily missions data. */
export const LOCKED_STAT = stat({ gold: [], daily: { daily: false, seal: false } });

export function hero(heroid: number, name: string): Hero {
  return makeHero(heroid, { name, busy: true });
}

export function mission(missionid: number, overrides: Partial<RunningMission> = {}) {
  return {
    missionid,
    missionType: 'GOLDCLAIM',
    desc_name: 'Claim Gold',
    landid: 1,
    heroid: 1,
    eta: '2030-01-01T12:00:00.000Z',
    ...overrides,
  } satisfies RunningMission;
}

interface Setup {
  stat?: DashboardStat;
  features?: string[];
  missions?: RunningMission[];
  heroes?: Hero[];
  path?: string;
  /**
   * The screen on '/': the dashboard alone, its TOP tab empty, unless a test passes the app's
   * (src/app/dashboard-screen.tsx), which fills it with the weekly boards.
   */
  screen?: ComponentType;
}

function DashboardAlone() {
  return <DashboardPage top={null} />;
}

/** The dashboard on '/' with a fake server; a land route stands in for the lands screens. */
export function renderDashboard(setup: Setup = {}) {
  const server = fakeFetch({
    'GET /dashboard/stat': () => json(setup.stat ?? stat()),
    'GET /athar/features': () => json(setup.features ?? ['profileLevel1', 'profileLevel2']),
    'GET /misaar/missions/status/running': () => json(setup.missions ?? []),
    'GET /abtal/heroes': () => json(setup.heroes ?? []),
  });
  const view = renderRoutes(
    [
      { path: '/', Component: setup.screen ?? DashboardAlone },
      { path: '/lands/:landid', element: <h1>Land screen</h1> },
      { path: '/messages', element: <h1>Inbox screen</h1> },
    ],
    setup.path ?? '/',
    signedInStore(),
  );
  return { ...server, ...view };
}
