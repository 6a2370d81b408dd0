import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AchievementList, MissionLogEntry, MissionLogPage } from '@aleph/contracts';
import { fakeFetch, json } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { AchievementsPage } from './achievements-page';
import { MissionLogPage as LogScreen } from './mission-log-page';

const levels = (n: number) => Array.from({ length: n }, (_, i) => `profileLevel${i + 1}`);

const ACHIEVEMENTS: AchievementList = {
  earned: 1,
  total: 2,
  achievements: [
    {
      code: 'MISSIONS_10',
      name: 'Busy Hands',
      description: 'Finish 10 missions.',
      xp: 300,
      goal: 10,
      progress: 4,
      earnedAt: null,
      earners: 12,
    },
    {
      code: 'FIRST_MISSION',
      name: 'First Steps',
      description: 'Finish your first mission.',
      xp: 100,
      goal: 1,
      progress: 1,
      earnedAt: '2026-11-20T10:00:00.000Z',
      earners: 40,
    },
  ],
};

const entry = (id: number): MissionLogEntry => ({
  missionid: id,
  missionType: 'GOLDCLAIM',
  heroid: 5,
  heroName: 'Moriwyn',
  landid: 9,
  landName: 'Mistmere',
  startedAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T11:30:00.000Z',
  minutes: 90,
  outcome: 'success',
  rewards: '+120 gold, +40 XP',
  xp: 40,
  gold: 120,
  reportid: 700 + id,
});

describe('achievements screen', () => {
  it('names level three when locked, and asks nothing', async () => {
    const { calls } = fakeFetch({ 'GET /athar/features': () => json(levels(2)) });
    renderRoutes([{ path: '/a', Component: AchievementsPage }], '/a', signedInStore());
    expect(
      await screen.findByText(
        'You need to upgrade your profile to at least level three to view achievements.',
      ),
    ).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain('/athar/achievements');
  });

  it('shows each achievement with its progress bar, earned ones first', async () => {
    fakeFetch({
      'GET /athar/features': () => json(levels(3)),
      'GET /athar/achievements': () => json(ACHIEVEMENTS),
    });
    renderRoutes([{ path: '/a', Component: AchievementsPage }], '/a', signedInStore());
    expect(await screen.findByText('1 of 2 earned')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Busy Hands: 4 of 10' });
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    const names = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(names).toEqual(['First Steps', 'Busy Hands']);
    expect(screen.getByText('Earned 20 Nov 2026')).toBeTruthy();
    // How many players have the one not earned yet.
    expect(screen.getByText('12 players have it')).toBeTruthy();
  });
});

describe('mission log screen', () => {
  it('filters by labelled selects, loads the next page by cursor and links each report', async () => {
    const user = userEvent.setup();
    const { calls } = fakeFetch({
      'GET /athar/features': () => json(levels(4)),
      'GET /abtal/heroes': () => json([{ heroid: 5, name: 'Moriwyn' }]),
      'GET /ard/lands': () => json([{ landid: 9, name: 'Mistmere' }]),
      'GET /misaar/missions/log': (call) =>
        json({
          missions: call.path.includes('cursor=') ? [entry(2)] : [entry(1)],
          next: call.path.includes('cursor=') ? null : 'abc',
        } satisfies MissionLogPage),
    });
    renderRoutes([{ path: '/log', Component: LogScreen }], '/log', signedInStore());
    const table = await screen.findByRole('table', { name: 'Finished missions, newest first' });
    const [report] = await within(table).findAllByRole('link', { name: /^Report/ });
    expect(report!.getAttribute('href')).toBe('/messages?message=701');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await expect.poll(() => within(table).getAllByRole('link', { name: /^Report/ }).length).toBe(2);
    expect(calls.map((c) => c.path)).toContain('/misaar/missions/log?cursor=abc');

    await user.selectOptions(screen.getByLabelText('Outcome'), 'failure');
    await user.selectOptions(screen.getByLabelText('Hero'), '5');
    expect(calls.map((c) => c.path)).toContain('/misaar/missions/log?outcome=failure&heroid=5');
    const csv = screen.getByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('/misaar/missions/log.csv?outcome=failure&heroid=5');
  });
});
