import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { signedOut } from '../../api/auth-slice';
import { json } from '../../test/fake-fetch';
import {
  field,
  launchButton,
  launcherServer,
  optionTexts,
  renderLauncher,
} from './launcher-test-harness';
import { HEROES } from './test-fixtures';

async function chooseGoldClaim(user: ReturnType<typeof renderLauncher>['user']) {
  await waitFor(() => expect(optionTexts('Hero')).toHaveLength(3));
  await user.selectOptions(field('Hero'), '13');
  await screen.findByText('READY TO LAUNCH');
}

const closed = async () => {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  expect(screen.getByText('Launcher is closed')).toBeTruthy();
};

describe('mission launcher provider', () => {
  beforeEach(() => {
    // axe probes a canvas for icon ligatures; jsdom has none and would log 'Not implemented'.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('keeps one dialog: a second open fails with MissionLauncher already open', async () => {
    launcherServer();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { open, launcher } = renderLauncher();
    await open({ missionType: 'GOLDCLAIM', landid: 1 });
    expect(screen.getByText('Launcher is open')).toBeTruthy();
    expect(() => launcher().open({ missionType: 'HUNTSEAL' })).toThrow(
      'MissionLauncher already open',
    );
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('MissionLauncher already open'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Claim Gold' })).toBeTruthy();
  });

  it('cancels with the button and starts clean the next time', async () => {
    launcherServer();
    const { open, user } = renderLauncher();
    await open({ missionType: 'GOLDCLAIM' });
    await waitFor(() => expect(optionTexts('Land')).toHaveLength(4));
    await user.selectOptions(field('Land'), '2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await closed();

    await open({ missionType: 'GOLDCLAIM' });
    await waitFor(() => expect(optionTexts('Land')).toHaveLength(4));
    expect((field('Land') as HTMLSelectElement).value).toBe('');
  });

  it('cancels with Escape', async () => {
    launcherServer();
    const { open, user } = renderLauncher();
    await open({ missionType: 'GOLDCLAIM', landid: 1 });
    await user.keyboard('{Escape}');
    await closed();
  });

  it('cancels with a click on the backdrop', async () => {
    launcherServer();
    const { open, user } = renderLauncher();
    const dialog = await open({ missionType: 'GOLDCLAIM', landid: 1 });
    // The dialog's container is what lies around the paper: a click there is a backdrop click.
    const container = dialog.parentElement!;
    expect(container.className).toContain('MuiDialog-container');
    await user.click(container);
    await closed();
  });

  it('closes when unmounted, and when the session ends or the player goes back', async () => {
    launcherServer();
    const first = renderLauncher();
    await first.open({ missionType: 'GOLDCLAIM', landid: 1 });
    first.unmount();
    expect(screen.queryByRole('dialog')).toBeNull();

    const second = renderLauncher();
    await second.open({ missionType: 'GOLDCLAIM', landid: 1 });
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await closed();

    await second.open({ missionType: 'GOLDCLAIM', landid: 1 });
    act(() => {
      second.store.dispatch(signedOut());
    });
    await closed();
  });

  it('launches: sends the body, closes, and the hero shows busy at once', async () => {
    let started = false;
    const { calls } = launcherServer({
      heroes: () =>
        HEROES.map((hero) =>
          started && hero.heroid === 13
            ? { ...hero, busy: true, eta: '2030-01-01T12:00:00.000Z' }
            : hero,
        ),
      start: () => {
        started = true;
        return json({
          ok: true,
          missionid: 7,
          missionType: 'GOLDCLAIM',
          landid: 1,
          heroid: 13,
          eta: '2030-01-01T12:00:00.000Z',
          minutes: 95,
        });
      },
    });
    const { open, user } = renderLauncher({ withHeroes: true });
    const states = await screen.findByRole('list', { name: 'Hero states' });
    expect(await within(states).findByText('Cyra: free')).toBeTruthy();
    await open({ missionType: 'GOLDCLAIM', landid: 1 });
    await chooseGoldClaim(user);
    await user.click(launchButton());

    await closed();
    const starts = calls.filter((call) => call.path === '/misaar/mission/start');
    expect(starts.map((call) => call.body)).toEqual([
      { missionType: 'GOLDCLAIM', landid: 1, heroid: 13 },
    ]);
    expect(await within(states).findByText('Cyra: busy')).toBeTruthy();
  });

  it('shows why a launch was refused and stays open', async () => {
    launcherServer({
      start: () =>
        json(
          {
            statusCode: 409,
            error: 'Conflict',
            code: 'HERO_BUSY',
            message: 'This hero is already on a mission.',
          },
          409,
        ),
    });
    const { open, user } = renderLauncher();
    await open({ missionType: 'GOLDCLAIM', landid: 1 });
    await chooseGoldClaim(user);
    await user.click(launchButton());
    expect(await screen.findByText('This hero is already on a mission.')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByText('Launcher is open')).toBeTruthy();
  });

  it('has no serious or critical accessibility violations', async () => {
    launcherServer();
    const { open, user } = renderLauncher();
    await open({ missionType: 'UPGRADETOWER', landid: 1 });
    await waitFor(() => expect(optionTexts('Hero')).toHaveLength(2));
    await user.selectOptions(field('Hero'), '11');
    await user.selectOptions(field('Element'), '1');
    await screen.findByText('READY TO LAUNCH');
    // jsdom does not lay out or paint, so colour contrast is left to the browser tests.
    const result = await axe.run(document.body, {
      rules: { 'color-contrast': { enabled: false } },
    });
    const serious = result.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});
