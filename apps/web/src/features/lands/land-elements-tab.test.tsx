import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { profileApi } from '../../api/profile-endpoints';
import userEvent from '@testing-library/user-event';
import { land, renderLand } from './test-fixtures';

const ALL_FLAGS = ['profileLevel1', 'profileLevel2', 'profileLevel3'];
const disabled = (name: string) =>
  (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;

// The fixture land: towers [1, 0, 10, 2], seals [1, 0, 5, 2], drain [0.75, 0.95, 0.2, 0.55].
describe('land ELEMENTS tab', () => {
  it('shows each tower and vault, with the drain as a percentage per day', async () => {
    renderLand({ land: land(7) }, '/lands/7?tab=elements');
    const fire = await screen.findByRole('region', { name: 'Fire' });
    expect(fire.textContent).toContain('Level 0 / 10');
    const value = (name: string) =>
      within(fire).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Volume')).toBe('45 / 1,000');
    expect(value('Seal')).toBe('None');
    expect(value('Drain')).toBe('95%/day');
    expect(value('Shards')).toBe('0');
    const water = screen.getByRole('region', { name: 'Water' });
    expect(within(water).getByText('20%/day')).toBeTruthy();
    expect(within(water).getByText('Legendary')).toBeTruthy();
  });

  it('asks for a tower upgrade of the right element, not past level 10', async () => {
    const user = userEvent.setup();
    const { launcher } = renderLand({ land: land(7) }, '/lands/7?tab=elements');
    const upgrade = await screen.findByRole('button', { name: 'Upgrade Earth tower' });
    expect(upgrade.textContent).toBe('Upgrade');
    await user.click(upgrade);
    expect(launcher.open).toHaveBeenCalledWith({
      missionType: 'UPGRADETOWER',
      landid: 7,
      elemid: 3,
    });
    expect(disabled('Upgrade Water tower')).toBe(true);
    expect(disabled('Upgrade Air tower')).toBe(false);
  });

  it('offers the seal upgrade only from profile level three, not past seal 5', async () => {
    const user = userEvent.setup();
    const { launcher } = renderLand(
      { land: land(7), features: ALL_FLAGS },
      '/lands/7?tab=elements',
    );
    const upgrade = await screen.findByRole('button', { name: 'Upgrade Fire seal' });
    expect(upgrade.textContent).toBe('Upgrade');
    await user.click(upgrade);
    expect(launcher.open).toHaveBeenCalledWith({
      missionType: 'UPGRADESEAL',
      landid: 7,
      elemid: 1,
    });
    expect(disabled('Upgrade Water seal')).toBe(true);
  });

  it('hides the seal upgrades below profile level three', async () => {
    renderLand({ land: land(7), features: ['profileLevel2'] }, '/lands/7?tab=elements');
    await screen.findByRole('button', { name: 'Hunt Seal' });
    expect(screen.queryByRole('button', { name: /seal$/ })).toBeNull();
    expect(screen.getAllByRole('button', { name: /tower$/ })).toHaveLength(4);
  });

  it('offers Search Elementals, and Hunt Seal from profile level two', async () => {
    const user = userEvent.setup();
    const { launcher } = renderLand({ land: land(7) }, '/lands/7?tab=elements');
    await user.click(await screen.findByRole('button', { name: 'Search Elementals' }));
    expect(launcher.open).toHaveBeenLastCalledWith({ missionType: 'SEARCHELEMENT', landid: 7 });
    await user.click(await screen.findByRole('button', { name: 'Hunt Seal' }));
    expect(launcher.open).toHaveBeenLastCalledWith({ missionType: 'HUNTSEAL', landid: 7 });
  });

  it('hides Hunt Seal below profile level two', async () => {
    const { store } = renderLand(
      { land: land(7), features: ['profileLevel1'] },
      '/lands/7?tab=elements',
    );
    await screen.findByRole('button', { name: 'Search Elementals' });
    await waitFor(() =>
      expect(profileApi.endpoints.getFeatures.select()(store.getState()).data).toEqual([
        'profileLevel1',
      ]),
    );
    expect(screen.queryByRole('button', { name: 'Hunt Seal' })).toBeNull();
  });
});

describe('seal improvements', () => {
  const improved = () =>
    land(7, {
      vault: {
        volume: [0, 0, 0, 0],
        cap: [1000, 1000, 1000, 1000],
        seals: [3, 1, 5, 4],
        drain: [0.4, 0.75, 0.2 * 0.85 ** 5, 0.3 * 0.85 ** 2],
        steps: [0, 0, 5, 2],
      },
    });
  const levels = Array.from({ length: 7 }, (_, i) => `profileLevel${i + 1}`);

  it('shows the steps and the drain they give, and offers Improve on Rare seals', async () => {
    const user = userEvent.setup();
    const { launcher } = renderLand(
      { land: improved(), features: levels },
      '/lands/7?tab=elements',
    );
    const earth = await screen.findByRole('region', { name: 'Earth' });
    const value = (region: HTMLElement, name: string) =>
      within(region).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value(earth, 'Improvements')).toBe('2 / 5Improve');
    expect(value(earth, 'Drain')).toBe('21.7%/day (x0.72 by improvements)');
    await user.click(screen.getByRole('button', { name: 'Improve Earth seal' }));
    expect(launcher.open).toHaveBeenCalledWith({
      missionType: 'IMPROVESEAL',
      landid: 7,
      elemid: 3,
    });
    expect(disabled('Improve Water seal')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Improve Fire seal' })).toBeNull();
  });

  it('shows no Improve button below profile level seven', async () => {
    renderLand({ land: improved(), features: levels.slice(0, 6) }, '/lands/7?tab=elements');
    // The level-3 seal upgrades show once the flags are in: the level-7 Improve stays away.
    await screen.findByRole('button', { name: 'Upgrade Earth seal' });
    const earth = screen.getByRole('region', { name: 'Earth' });
    expect(within(earth).getByText('2 / 5')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Improve/ })).toBeNull();
  });
});
