import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { land, renderLand } from './test-fixtures';

const valueIn = (region: HTMLElement, name: string) =>
  within(region).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('land MAIN tab', () => {
  it('shows the land info and its gold', async () => {
    renderLand({
      land: land(7, {
        continent: 1,
        x: 12,
        y: 345,
        terrain_type: 3,
        element: 1,
        gold: { leftover: 630, cap: 840, productivity: 120 },
      }),
    });
    const info = await screen.findByRole('region', { name: 'Land info' });
    expect(valueIn(info, 'Continent')).toBe('Beth');
    expect(valueIn(info, 'Land')).toBe('#7');
    expect(valueIn(info, 'Coordinates')).toBe('12, 345');
    expect(valueIn(info, 'Terrain')).toBe('River');
    expect(valueIn(info, 'Element')).toBe('Fire');

    const gold = screen.getByRole('region', { name: 'Gold on Land' });
    expect(valueIn(gold, 'Leftover')).toBe('630');
    expect(valueIn(gold, 'Daily Production')).toBe('120');
    expect(valueIn(gold, 'Production Limit')).toBe('840');
    const bar = within(gold).getByRole('progressbar', { name: 'Gold on land' });
    expect(bar.getAttribute('aria-valuenow')).toBe('75');
    expect(bar.getAttribute('aria-valuetext')).toBe('630 of 840');
  });

  it('opens the launcher for Claim Gold and Claim Daily Reward on this land', async () => {
    const user = userEvent.setup();
    const { launcher } = renderLand({ land: land(7) });
    await user.click(await screen.findByRole('button', { name: 'Claim Gold' }));
    expect(launcher.open).toHaveBeenLastCalledWith({ missionType: 'GOLDCLAIM', landid: 7 });
    await user.click(screen.getByRole('button', { name: 'Claim Daily Reward' }));
    expect(launcher.open).toHaveBeenLastCalledWith({ missionType: 'DAILYREWARD', landid: 7 });
  });

  it('disables Claim Gold while there is no gold on the land', async () => {
    const user = userEvent.setup();
    const { launcher } = renderLand({
      land: land(7, { gold: { leftover: 0, cap: 840, productivity: 120 } }),
    });
    const claim = await screen.findByRole('button', { name: 'Claim Gold' });
    expect((claim as HTMLButtonElement).disabled).toBe(true);
    await user.click(claim).catch(() => undefined);
    expect(launcher.open).not.toHaveBeenCalled();
    expect(
      (screen.getByRole('button', { name: 'Claim Daily Reward' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
