import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hero, land, renderLand } from './test-fixtures';

describe('land HEROES tab', () => {
  it('lists the heroes resident on this land, busy or free', async () => {
    renderLand(
      {
        land: land(7),
        heroes: [
          hero(1, { name: 'Ayla', residenceid: 7, rarity: 3, element: 2 }),
          hero(2, { name: 'Bram', residenceid: 8 }),
          hero(3, { name: 'Cyra', residenceid: 7, busy: true, eta: '2001-02-03T04:05:00Z' }),
          hero(4, { name: 'Dov', residenceid: null }),
        ],
      },
      '/lands/7?tab=heroes',
    );
    const list = await screen.findByRole('list', { name: 'Resident heroes' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Ayla' }).getAttribute('href')).toBe(
      '/heroes/1',
    );
    expect(rows[0]!.textContent).toContain('Epic');
    expect(rows[0]!.textContent).toContain('Water');
    expect(rows[0]!.textContent).toContain('Free');
    expect(rows[1]!.textContent).toMatch(/Busy · ETA \(0[23]\.02\.2001 \d\d:\d\d\)/);
    // Past its ETA, the countdown beside it waits for the hero to show idle.
    expect(within(rows[1]!).getByRole('timer').textContent).toBe('Returning…');
    expect(within(rows[0]!).queryByRole('timer')).toBeNull();
  });

  it('says so when nobody lives here, and offers Transfer Hero', async () => {
    const user = userEvent.setup();
    const { launcher } = renderLand({ land: land(7), heroes: [] }, '/lands/7?tab=heroes');
    expect(await screen.findByText('No hero lives on this land yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Transfer Hero' }));
    expect(launcher.open).toHaveBeenCalledWith({ missionType: 'TRANSFERHERO', landid: 7 });
  });

  it('offers Hero Level Up for the residents from profile level six, with their levels', async () => {
    const user = userEvent.setup();
    const features = Array.from({ length: 6 }, (_, i) => `profileLevel${i + 1}`);
    const { launcher } = renderLand(
      { land: land(7), heroes: [hero(1, { name: 'Ayla', residenceid: 7, level: 3 })], features },
      '/lands/7?tab=heroes',
    );
    const list = await screen.findByRole('list', { name: 'Resident heroes' });
    expect(within(list).getByRole('listitem').textContent).toContain('Level 3');
    await user.click(await screen.findByRole('button', { name: 'Hero Level Up' }));
    expect(launcher.open).toHaveBeenCalledWith({ missionType: 'HEROLEVELUP', landid: 7 });
  });

  it('has no Hero Level Up below profile level six', async () => {
    renderLand(
      { land: land(7), heroes: [hero(1, { residenceid: 7 })], features: ['profileLevel5'] },
      '/lands/7?tab=heroes',
    );
    await screen.findByRole('list', { name: 'Resident heroes' });
    expect(screen.queryByRole('button', { name: 'Hero Level Up' })).toBeNull();
  });
});
