import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { OwnerProfileDialog } from './owner-profile-dialog';
import { PlotCard, type PlotInfo } from './plot-card';

/** A Mountains plot of Fire (cell = 1 + terrain * 4 + element). */
const CELL = 1 + 2 * 4 + 1;

function Harness({ plot }: { plot: PlotInfo }) {
  const [owner, setOwner] = useState<number | null>(null);
  return (
    <>
      <PlotCard plot={plot} onOwner={setOwner} />
      <OwnerProfileDialog profileid={owner} onClose={() => setOwner(null)} />
    </>
  );
}

function renderCard(plot: PlotInfo, features: string[]) {
  fakeFetch({
    'GET /athar/profile': () =>
      json({
        vip: { vipPoints: 0, vipLevel: 0 },
        level: { level: 3, profilePoints: 0, upgradable: false },
        treasury: { gold: 0, platinum: 0 },
      }),
    'GET /athar/features': () => json(features),
    'GET /ard/map/1/10/20': () =>
      json({
        continent: 1,
        x: 10,
        y: 20,
        terrain: 2,
        element: 1,
        owner: { profileid: 7, nickname: 'Morwen_of_Beth' },
        mine: false,
        landid: null,
      }),
    'GET /athar/publicprofiles/7': () =>
      json({ profileid: 7, nickname: 'Morwen_of_Beth', level: 4, vip: 1, lands: 12, heroes: 9 }),
  });
  renderRoutes(
    [
      { path: '/map', element: <Harness plot={plot} /> },
      { path: '/lands/:id', element: <h1>Land screen</h1> },
    ],
    '/map',
    signedInStore(),
  );
}

const base = { continent: 1, continentName: 'Beth', x: 10, y: 20, cell: CELL, travel: null };

describe('plot card', () => {
  it("names another player's land and opens their public profile", async () => {
    renderCard({ ...base, own: null }, ['profileLevel1', 'profileLevel2', 'profileLevel3']);
    const card = screen.getByRole('region', { name: 'Plot' });
    expect(within(card).getByRole('heading', { name: 'Plot 10, 20' })).toBeTruthy();
    expect(within(card).getByText('Mountains')).toBeTruthy();
    expect(within(card).getByText('Fire')).toBeTruthy();
    await userEvent.click(
      await within(card).findByRole('button', { name: "View Morwen_of_Beth's profile" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Profile Information' });
    expect(await within(dialog).findByText('12')).toBeTruthy();
  });

  it('says the profile is locked below level three, as the boards do', async () => {
    renderCard({ ...base, own: null }, ['profileLevel1']);
    await userEvent.click(
      await screen.findByRole('button', { name: "View Morwen_of_Beth's profile" }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Profile Information' });
    expect(
      within(dialog).getByText(
        'You need to upgrade your profile to at least level three to view other profiles.',
      ),
    ).toBeTruthy();
  });

  it("links the player's own land to its screen, with the travel time of the picked hero", async () => {
    renderCard(
      { ...base, own: { landid: 5, name: 'Stormhold' }, travel: { hero: 'Aelwyn', minutes: 90 } },
      ['profileLevel1'],
    );
    const card = screen.getByRole('region', { name: 'Plot' });
    expect(within(card).getByText('You')).toBeTruthy();
    expect(within(card).getByText('1h 30m')).toBeTruthy();
    await userEvent.click(within(card).getByRole('link', { name: 'Open Stormhold' }));
    expect(await screen.findByRole('heading', { name: 'Land screen' })).toBeTruthy();
  });
});
