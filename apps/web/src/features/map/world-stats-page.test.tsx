import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { WorldStatsPage } from './world-stats-page';

const STATS = {
  computedAt: '2026-01-05T08:00:00.000Z',
  players: 52,
  landsByTerrain: [
    [500, 350, 440, 430, 330],
    [505, 390, 350, 360, 400],
  ],
  heroesByRarity: [107, 4, 4, 3, 2],
  missionsToday: 8,
  goldClaimedThisWeek: 113_142,
  elementalsInVaults: [78_535, 78_000, 79_199, 80_450],
};

function renderStats(features: string[]) {
  const server = fakeFetch({
    'GET /athar/profile': () =>
      json({
        vip: { vipPoints: 0, vipLevel: 0 },
        level: { level: features.length, profilePoints: 0, upgradable: false },
        treasury: { gold: 0, platinum: 0 },
      }),
    'GET /athar/features': () => json(features),
    'GET /athar/worldstats': () => json(STATS),
  });
  renderRoutes([{ path: '/world', Component: WorldStatsPage }], '/world', signedInStore());
  return server;
}

const numbers = (name: string) =>
  [...screen.getByRole('region', { name }).querySelectorAll('dt')].map((dt) => [
    dt.textContent,
    dt.nextElementSibling?.textContent,
  ]);

describe('world statistics screen', () => {
  it('is locked below level five with the sentence the server answers', async () => {
    const server = renderStats(['profileLevel1', 'profileLevel2', 'profileLevel3']);
    expect(
      await screen.findByText('You need to upgrade your profile to at least level five.'),
    ).toBeTruthy();
    expect(server.calls.some((c) => c.path === '/athar/worldstats')).toBe(false);
  });

  it("shows the world's numbers beside each chart from level five", async () => {
    renderStats([
      'profileLevel1',
      'profileLevel2',
      'profileLevel3',
      'profileLevel4',
      'profileLevel5',
    ]);
    await screen.findByRole('region', { name: 'Heroes by rarity' });
    expect(numbers('The world')).toEqual([
      ['Players', '52'],
      ['Missions finished today', '8'],
      ['Gold claimed this week', '113,142'],
    ]);
    expect(numbers('Lands by continent and terrain')).toEqual([
      ['Aleph', '2,050'],
      ['Beth', '2,005'],
    ]);
    expect(numbers('Heroes by rarity')[4]).toEqual(['Legendary', '2']);
    expect(numbers('Elementals in vaults')[3]).toEqual(['Earth', '80,450']);
  });
});
