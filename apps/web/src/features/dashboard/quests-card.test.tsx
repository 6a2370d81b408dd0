import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { QuestBoard, QuestKey } from '@aleph/contracts';
import { questApi } from './quest-endpoints';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderRoutes, signedInStore } from '../../test/render';
import { DashboardScreen } from '../../app/dashboard-screen';
import { stat } from './test-fixtures';

const GOALS: Array<{ key: QuestKey; title: string; gold: number; xp: number }> = [
  { key: 'dailyReward', title: 'Claim the daily reward', gold: 100, xp: 100 },
  { key: 'claimGold', title: "Claim your land's gold", gold: 100, xp: 100 },
  { key: 'readReport', title: 'Read a mission report', gold: 50, xp: 50 },
  { key: 'searchElementals', title: 'Search for elementals', gold: 100, xp: 100 },
  { key: 'levelUp', title: 'Reach profile level 1', gold: 250, xp: 200 },
  { key: 'visitMarket', title: 'Visit the marketplace', gold: 50, xp: 50 },
];

function board(done: QuestKey[], extra: Partial<QuestBoard> = {}): QuestBoard {
  const goals = GOALS.map((g) => ({
    key: g.key,
    title: g.title,
    description: `How to: ${g.title}.`,
    done: done.includes(g.key),
    reward: { gold: g.gold, xp: g.xp },
  }));
  return {
    goals,
    done: done.length,
    total: goals.length,
    next: goals.find((g) => !g.done)?.key ?? null,
    dismissed: false,
    completed: [],
    ...extra,
  };
}

/** The dashboard with a fake server whose quests answer is `quests()` at the time of the call. */
function renderWith(quests: () => { status?: number; body?: unknown }) {
  const server = fakeFetch({
    'GET /athar/quests': () => quests(),
    'POST /athar/quests/dismiss': () => json(board(['dailyReward'], { dismissed: true })),
    'GET /dashboard/stat': () => json(stat()),
    'GET /athar/features': () => json(['profileLevel1', 'profileLevel2']),
    'GET /athar/profile': () =>
      json({
        nickname: 'me',
        vip: { vipPoints: 0, vipLevel: 0 },
        level: { level: 0, profilePoints: 100, upgradable: false },
        treasury: { gold: 0, platinum: 0 },
      }),
    'GET /misaar/missions/status/running': () => json([]),
    'GET /abtal/heroes': () => json([]),
  });
  const store = signedInStore();
  const view = renderRoutes(
    [
      { path: '/', Component: DashboardScreen },
      { path: '/lands', element: <h1>Lands screen</h1> },
    ],
    '/',
    store,
  );
  return { ...server, ...view, store };
}

const card = () => screen.findByRole('region', { name: 'First steps' });
const count = (calls: RecordedCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).length;

describe('first steps card', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the progress, a check mark on each goal done and the next goal with where to go', async () => {
    renderWith(() => json(board(['dailyReward', 'visitMarket'])));
    const region = await card();
    expect(within(region).getByText('2 of 6 done')).toBeTruthy();
    const bar = within(region).getByRole('progressbar', { name: 'First steps progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('33');
    const items = within(region).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual([
      'Done',
      'Next',
      'To do',
      'To do',
      'To do',
      'Done',
    ]);
    expect(items[0]!.textContent).toContain('Done: Claim the daily reward');
    expect(items[0]!.querySelector('[data-testid="CheckCircleIcon"]')).not.toBeNull();
    expect(items[2]!.querySelector('[data-testid="CheckCircleIcon"]')).toBeNull();
    // The next goal: highlighted, with its hint, a link and its reward.
    const next = items[1]!;
    expect(next.getAttribute('aria-current')).toBe('step');
    expect(next.textContent).toContain("How to: Claim your land's gold.");
    expect(next.textContent).toContain('+100 gold, +100 XP');
    const link = within(next).getByRole('link', { name: 'Go to your lands' });
    expect(link.getAttribute('href')).toBe('/lands');
    // Only the next goal carries a hint.
    expect(items[2]!.textContent).not.toContain('How to');
    expect(items[4]!.textContent).toContain('+250 gold, +200 XP');
  });

  it('has no accessibility violations (axe)', async () => {
    // axe probes a canvas for icon ligatures; jsdom has none.
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    renderWith(() => json(board(['claimGold'], { completed: ['claimGold'] })));
    const region = await card();
    // jsdom does not paint, so colour contrast is left to the browser tests.
    const result = await axe.run(region, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  }, 20_000);

  it('follows the next goal to where it is done', async () => {
    const user = userEvent.setup();
    renderWith(() => json(board([])));
    await user.click(within(await card()).getByRole('link', { name: 'Go to your lands' }));
    expect(await screen.findByRole('heading', { name: 'Lands screen' })).toBeTruthy();
  });

  it('opens the level dialog when reaching level 1 is next', async () => {
    const user = userEvent.setup();
    renderWith(() => json(board(['dailyReward', 'claimGold', 'readReport', 'searchElementals'])));
    const region = await card();
    await user.click(within(region).getByRole('button', { name: 'Open profile levels' }));
    expect(await screen.findByRole('dialog', { name: 'Profile Level Information' })).toBeTruthy();
  });

  it('shows a goal done as soon as its tags are invalidated, and reads the treasury again', async () => {
    let answer = board([]);
    const { calls, store } = renderWith(() => json(answer));
    const region = await card();
    expect(within(region).getByText('0 of 6 done')).toBeTruthy();
    const profileReads = count(calls, 'GET', '/athar/profile');

    // A mission ended (the push stream invalidates the dashboard's tags): no click needed.
    answer = board(['dailyReward'], { completed: ['dailyReward'] });
    act(() => {
      store.dispatch(questApi.util.invalidateTags(['dashboard']));
    });
    expect(await within(region).findByText('1 of 6 done')).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toBe(
      'Done: Claim the daily reward (+100 gold, +100 XP).',
    );
    await waitFor(() => expect(count(calls, 'GET', '/athar/profile')).toBe(profileReads + 1));

    // Reading a report invalidates 'messages'; the 'quests' tag works on its own too.
    answer = board(['dailyReward', 'readReport']);
    act(() => {
      store.dispatch(questApi.util.invalidateTags(['messages']));
    });
    expect(await within(region).findByText('2 of 6 done')).toBeTruthy();
    answer = board(['dailyReward', 'readReport', 'claimGold']);
    act(() => {
      store.dispatch(questApi.util.invalidateTags(['quests']));
    });
    expect(await within(region).findByText('3 of 6 done')).toBeTruthy();
    // A new level: the push stream invalidates the feature flags.
    answer = board(['dailyReward', 'readReport', 'claimGold', 'levelUp']);
    act(() => {
      store.dispatch(questApi.util.invalidateTags(['features']));
    });
    expect(await within(region).findByText('4 of 6 done')).toBeTruthy();
  });

  it('is read again with the dashboard every 60 seconds while goals remain', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderWith(() => json(board([])));
    await card();
    expect(count(calls, 'GET', '/athar/quests')).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => expect(count(calls, 'GET', '/athar/quests')).toBe(2));
  });

  it('congratulates when all are done and is hidden for good by Dismiss', async () => {
    const user = userEvent.setup();
    const { calls } = renderWith(() => json(board(GOALS.map((g) => g.key))));
    const region = await card();
    expect(within(region).getByText('6 of 6 done')).toBeTruthy();
    expect(region.textContent).toContain('All done');
    expect(within(region).queryByRole('listitem', { current: 'step' })).toBeNull();
    await user.click(within(region).getByRole('button', { name: 'Dismiss first steps' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull());
    expect(count(calls, 'POST', '/athar/quests/dismiss')).toBe(1);
  });

  it('is not shown once dismissed', async () => {
    renderWith(() => json(board(['dailyReward'], { dismissed: true })));
    expect(await screen.findByRole('heading', { name: 'Heroes status' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
  });

  it('stays out of the way when the server cannot answer', async () => {
    renderWith(() => json({ message: 'Database is down' }, 500));
    expect(await screen.findByRole('heading', { name: 'Heroes status' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'First steps' })).toBeNull();
  });
});
