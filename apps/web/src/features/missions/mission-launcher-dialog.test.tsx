import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json } from '../../test/fake-fetch';
import {
  checkCalls,
  field,
  launchButton,
  launcherServer,
  optionTexts,
  renderLauncher,
} from './launcher-test-harness';
import { CHECK_READY, CHECK_SHORT } from './test-fixtures';

describe('mission launcher dialog', () => {
  it('is titled by the mission, briefs in one sentence and offers Launch and Cancel', async () => {
    launcherServer();
    const { open } = renderLauncher();
    const dialog = await open({ missionType: 'GOLDCLAIM' });
    expect(await within(dialog).findByRole('heading', { name: 'Claim Gold' })).toBeTruthy();
    expect(
      await within(dialog).findByText(
        "Send a hero to carry this land's unclaimed gold to your treasury.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect((launchButton() as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog).getByText('Choose a land and a hero to check the mission.')).toBeTruthy();
  });

  it('lists the lands and, for a resident-only mission, free residents of the chosen land', async () => {
    launcherServer();
    const { open, user } = renderLauncher();
    await open({ missionType: 'DAILYREWARD' });
    await waitFor(() => expect(optionTexts('Land')).toContain('Land #2'));
    expect(optionTexts('Land')).toEqual([
      'Choose a land',
      'Green Vale (Land #1)',
      'Land #2',
      'Land #3',
    ]);
    expect(screen.getByText('Choose a land first.')).toBeTruthy();

    await user.selectOptions(field('Land'), '1');
    await waitFor(() =>
      expect(optionTexts('Hero')).toEqual(['Choose a hero', 'Ayla (#11) · Common Air']),
    );
    await user.selectOptions(field('Land'), '3');
    expect(await screen.findByText('No heroes match the criteria.')).toBeTruthy();
    expect((field('Hero') as HTMLSelectElement).disabled).toBe(true);
  });

  it('offers free heroes with no or another residence for a non-resident mission', async () => {
    launcherServer();
    const { open, user } = renderLauncher();
    await open({ missionType: 'GOLDCLAIM' });
    await waitFor(() => expect(optionTexts('Land')).toContain('Land #2'));
    await user.selectOptions(field('Land'), '1');
    await waitFor(() =>
      expect(optionTexts('Hero')).toEqual([
        'Choose a hero',
        'Cyra (#13) · Common Air',
        'Dov (#14) · Common Air',
      ]),
    );
  });

  it('clears the hero when the land changes', async () => {
    launcherServer();
    const { open, user } = renderLauncher();
    await open({ missionType: 'GOLDCLAIM', landid: 1 });
    await waitFor(() => expect(optionTexts('Hero')).toHaveLength(3));
    await user.selectOptions(field('Hero'), '14');
    expect((field('Hero') as HTMLSelectElement).value).toBe('14');
    await user.selectOptions(field('Land'), '2');
    // Dov (#14) could go from land 2 as well, but a new land starts with no hero.
    expect((field('Hero') as HTMLSelectElement).value).toBe('');
    expect(screen.getByText('Choose a hero to check the mission.')).toBeTruthy();
  });

  it('checks by itself once complete and is ready to launch when the needs are met', async () => {
    const { calls } = launcherServer();
    const { open, user } = renderLauncher();
    await open({ missionType: 'GOLDCLAIM', landid: 1 });
    await waitFor(() => expect(optionTexts('Hero')).toHaveLength(3));
    expect(checkCalls(calls)).toEqual([]);
    await user.selectOptions(field('Hero'), '13');
    expect(await screen.findByText('READY TO LAUNCH')).toBeTruthy();
    expect(checkCalls(calls).map((call) => call.body)).toEqual([
      { missionType: 'GOLDCLAIM', landid: 1, heroid: 13 },
    ]);
    expect(screen.getByText('Duration: 1h 35m')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Comments' })).getByText('The hero travels 3 tiles.'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Reward' })).getByText('Up to 500 gold'),
    ).toBeTruthy();
    expect((launchButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('is not ready, with what is missing, when the needs are not met', async () => {
    launcherServer({ check: () => json(CHECK_SHORT) });
    const { open, user } = renderLauncher();
    await open({ missionType: 'UPGRADETOWER', landid: 1, elemid: 1 });
    await waitFor(() => expect(optionTexts('Hero')).toHaveLength(2));
    await user.selectOptions(field('Hero'), '11');
    expect(await screen.findByText('NOT READY')).toBeTruthy();
    expect(screen.getByText(CHECK_SHORT.error!)).toBeTruthy();
    const ingredients = screen.getByRole('list', { name: 'Ingredients' });
    expect(
      within(ingredients)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Elementals: 120 needed, not enough', 'Items: 3 needed, enough']);
    expect(screen.getByText('Duration: 1d 1h')).toBeTruthy();
    expect((launchButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it.each([
    ['SEARCHELEMENT', { elemid: 3, hours: 1 }, 'Earth'],
    ['UPGRADETOWER', { elemid: 3, currentLevel: 5 }, 'Earth (tower level 5)'],
    ['UPGRADESEAL', { elemid: 3, currentSeal: 2 }, 'Earth (seal level 2)'],
  ] as const)(
    '%s needs an element and sends the land’s current values',
    async (missionType, extra, label) => {
      const { calls } = launcherServer();
      const { open, user } = renderLauncher();
      await open({ missionType, landid: 1 });
      await waitFor(() => expect(optionTexts('Hero')).toHaveLength(2));
      await user.selectOptions(field('Hero'), '11');
      expect(await screen.findByText('Choose an element to check the mission.')).toBeTruthy();
      expect((launchButton() as HTMLButtonElement).disabled).toBe(true);
      expect(checkCalls(calls)).toEqual([]);
      // Only a search asks for hours; the others neither show the select nor send them.
      expect(screen.queryByRole('combobox', { name: 'Hours' }) !== null).toBe('hours' in extra);
      expect(screen.queryByText(/launcher cannot set/)).toBeNull();

      expect(optionTexts('Element')).toContain(label);
      await user.selectOptions(field('Element'), '3');
      expect(await screen.findByText('READY TO LAUNCH')).toBeTruthy();
      expect(checkCalls(calls).map((call) => call.body)).toEqual([
        { missionType, landid: 1, heroid: 11, ...extra },
      ]);
      expect((launchButton() as HTMLButtonElement).disabled).toBe(false);
    },
  );

  it('searches for the chosen hours, checking again and launching with them', async () => {
    // The fake server answers like the rules: the duration and the find grow with the hours.
    const { calls } = launcherServer({
      check: (call) => {
        const { hours } = call.body as { hours: number };
        return json({
          ...CHECK_READY,
          eta: { minutes: 54 * hours },
          reward: { rewardSpec: [`Up to ${45 * hours} Earth elementals`] },
        });
      },
    });
    const { open, user } = renderLauncher();
    await open({ missionType: 'SEARCHELEMENT', landid: 1, heroid: 11, elemid: 3 });

    await waitFor(() => expect(optionTexts('Hours')).toHaveLength(24));
    expect(optionTexts('Hours').slice(0, 3)).toEqual(['1 hour', '2 hours', '3 hours']);
    expect(optionTexts('Hours').at(-1)).toBe('24 hours');
    expect((field('Hours') as HTMLSelectElement).value).toBe('1');
    expect(await screen.findByText('Duration: 54m')).toBeTruthy();
    expect(screen.getByText('Up to 45 Earth elementals')).toBeTruthy();
    expect(screen.queryByText(/launcher cannot set/)).toBeNull();

    await user.selectOptions(field('Hours'), '3');
    expect(await screen.findByText('Duration: 2h 42m')).toBeTruthy();
    expect(screen.getByText('Up to 135 Earth elementals')).toBeTruthy();
    const search = { missionType: 'SEARCHELEMENT', landid: 1, heroid: 11, elemid: 3 };
    expect(checkCalls(calls).map((call) => call.body)).toEqual([
      { ...search, hours: 1 },
      { ...search, hours: 3 },
    ]);

    await waitFor(() => expect((launchButton() as HTMLButtonElement).disabled).toBe(false));
    await user.click(launchButton());
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/misaar/mission/start')).toHaveLength(1),
    );
    expect(calls.find((call) => call.path === '/misaar/mission/start')!.body).toEqual({
      ...search,
      hours: 3,
    });
  });

  it('reports a failed check with its detail', async () => {
    launcherServer({ check: () => json({ statusCode: 404, message: 'Hero not found.' }, 404) });
    const { open, user } = renderLauncher();
    await open({ missionType: 'GOLDCLAIM', landid: 1 });
    await waitFor(() => expect(optionTexts('Hero')).toHaveLength(3));
    await user.selectOptions(field('Hero'), '13');
    expect(await screen.findByText('Mission check failed: Hero not found.')).toBeTruthy();
    expect((launchButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the mission parameters cannot be loaded', async () => {
    launcherServer({ requirements: () => json({ message: 'Down' }, 500) });
    const { open } = renderLauncher();
    await open({ missionType: 'HUNTSEAL', landid: 1 });
    expect(await screen.findByText('failed to load parameters')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hunt Seal' })).toBeTruthy();
    expect((launchButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
