import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MissionFinishedEvent } from '@aleph/contracts';
import { fakeFetch, json, type RecordedCall } from '../test/fake-fetch';
import { fakePushBrowser, settle } from '../test/fake-push';
import { renderApp, renderRoutes, signedInStore } from '../test/render';
import { signedOut } from '../api/auth-slice';
import { signedInRoutes } from './routes';

const PROFILE = {
  nickname: 'ayla',
  vip: { vipPoints: 0, vipLevel: 0 },
  level: { level: 2, profilePoints: 100, upgradable: false },
  treasury: { gold: 500, platinum: 7 },
};

const STAT = {
  heroes: { ok: true, data: { busy: 1, idle: 0, noResidence: 0 } },
  daily: { daily: false, seal: false },
  gold: [],
  announces: [],
};

const FINISHED: MissionFinishedEvent = {
  missionId: 41,
  missionType: 'GOLDCLAIM',
  heroId: 3,
  heroName: 'Zara',
  landId: 7,
  outcome: '+120 gold',
  reportId: 9,
};

const REPORT = {
  msgid: 9,
  sender_name: 'Aleph',
  subject: 'Claim Gold report',
  body: '<p>Zara brought back 120 gold.</p>',
  created: '2026-11-21T14:05:00.000Z',
  read: false,
  deleted: false,
};

let browser: ReturnType<typeof fakePushBrowser>;

function server() {
  const messages = [{ ...REPORT }];
  const fake = fakeFetch({
    'GET /athar/profile': () => json(PROFILE),
    'GET /athar/features': () => json(['profileLevel1', 'profileLevel2']),
    'GET /hatif/messages/countunread': () => json({ unreadMessages: 1 }),
    'GET /hatif/messages': () => json(messages),
    'POST /hatif/messages/9/markread': () => {
      messages[0]!.read = true;
      return json({ ok: true, count: 1 });
    },
    'GET /dashboard/stat': () => json(STAT),
    'GET /misaar/missions/status/running': () => json([]),
    'GET /abtal/heroes': () => json([]),
  });
  const count = (path: string) => fake.calls.filter((c: RecordedCall) => c.path === path).length;
  return { ...fake, count };
}

/** The signed-in app at `path` with a stream that the test's server has accepted. */
async function signedInWithStream(path = '/') {
  const fake = server();
  const store = signedInStore();
  const view = renderRoutes(signedInRoutes, path, store);
  await screen.findByRole('group', { name: 'Gold' });
  await waitFor(() => expect(browser.sources).toHaveLength(1));
  const stream = browser.latest()!;
  act(() => stream.open());
  expect(store.getState().push?.connected).toBe(true);
  return { ...fake, ...view, store, stream };
}

beforeEach(() => {
  browser = fakePushBrowser();
  vi.stubGlobal('EventSource', browser.EventSource);
  document.title = 'Lands of Aleph';
});

afterEach(() => {
  vi.useRealTimers();
});

describe('push stream in the signed-in app', () => {
  it('sets the unread badge and the tab title from inbox.new, without a request', async () => {
    const { stream, count } = await signedInWithStream();
    expect(await screen.findByRole('link', { name: 'Inbox, 1 unread' })).toBeTruthy();
    expect(document.title).toBe('(1) Lands of Aleph');
    const before = count('/hatif/messages/countunread');

    act(() => stream.emit('inbox.new', { unread: 5 }, '2'));
    expect(await screen.findByRole('link', { name: 'Inbox, 5 unread' })).toBeTruthy();
    expect(document.title).toBe('(5) Lands of Aleph');
    await settle();
    expect(count('/hatif/messages/countunread')).toBe(before);
  });

  it('shows the treasury of profile.changed in the top bar, without a request', async () => {
    const { stream, count } = await signedInWithStream();
    expect(screen.getByRole('group', { name: 'Gold' }).textContent).toContain('500');
    await screen.findByRole('heading', { name: 'Daily Missions status' });
    const features = count('/athar/features');

    act(() =>
      stream.emit(
        'profile.changed',
        { treasury: { gold: 1620, platinum: 7 }, xp: 180, level: 2, upgradable: true },
        '3',
      ),
    );
    // The cache notifies the screen on the next frame (RTK's batching).
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Gold' }).textContent).toContain('1,620'),
    );
    expect(
      screen.getByRole('button', { name: 'Profile level 2, 180 XP, upgrade available' }),
    ).toBeTruthy();
    await settle();
    expect(count('/athar/profile')).toBe(1);
    expect(count('/athar/features')).toBe(features); // same level: same features

    // A frame chosen on another device: what shows the profile is read again.
    act(() =>
      stream.emit(
        'profile.changed',
        {
          treasury: { gold: 1620, platinum: 7 },
          xp: 180,
          level: 2,
          upgradable: true,
          frame: 'silver',
        },
        '4',
      ),
    );
    await settle();
    await waitFor(() => expect(count('/athar/profile')).toBe(2));
  });

  it('skips the polls while the stream is open and polls again while it is down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { stream, count } = await signedInWithStream();
    await screen.findByRole('heading', { name: 'Running Missions' });
    const polled = () => ({
      stat: count('/dashboard/stat'),
      running: count('/misaar/missions/status/running'),
      profile: count('/athar/profile'),
      unread: count('/hatif/messages/countunread'),
    });
    await waitFor(() => expect(polled()).toEqual({ stat: 1, running: 1, profile: 1, unread: 1 }));

    await vi.advanceTimersByTimeAsync(130_000);
    expect(polled()).toEqual({ stat: 1, running: 1, profile: 1, unread: 1 });

    act(() => stream.fail('retrying'));
    await vi.advanceTimersByTimeAsync(31_000);
    await waitFor(() => expect(polled()).toMatchObject({ profile: 2, unread: 2, stat: 1 }));
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(polled()).toMatchObject({ profile: 3, unread: 3, stat: 2 }));
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => expect(polled()).toMatchObject({ stat: 3, running: 2 }));
  });

  it('reads the missions, heroes and profile again when a mission finishes', async () => {
    const { stream, count } = await signedInWithStream();
    await waitFor(() => expect(count('/misaar/missions/status/running')).toBe(1));
    act(() => stream.emit('mission.finished', FINISHED, '4'));
    await waitFor(() => expect(count('/misaar/missions/status/running')).toBe(2));
    await waitFor(() => expect(count('/dashboard/stat')).toBe(2));
    await waitFor(() => expect(count('/athar/profile')).toBe(2));
    await waitFor(() => expect(count('/hatif/messages/countunread')).toBe(2));
  });

  it('refetches everything on a resync that could not replay', async () => {
    const { stream, count } = await signedInWithStream();
    await waitFor(() => expect(count('/dashboard/stat')).toBe(1));
    act(() => stream.emit('resync', { complete: true }, '5'));
    await settle();
    expect(count('/dashboard/stat')).toBe(1);
    act(() => stream.emit('resync', { complete: false }, '6'));
    await waitFor(() => expect(count('/dashboard/stat')).toBe(2));
    await waitFor(() => expect(count('/athar/profile')).toBe(2));
    await waitFor(() => expect(count('/athar/features')).toBe(2));
  });

  it('toasts a finished mission with a link that opens its report in the inbox', async () => {
    const user = userEvent.setup();
    const { stream, calls } = await signedInWithStream();
    act(() => stream.emit('mission.finished', FINISHED, '4'));

    const toasts = screen.getByRole('log', { name: 'Mission reports' });
    expect(
      await within(toasts).findByText('Zara returned from Claim Gold: +120 gold'),
    ).toBeTruthy();
    const report = within(toasts).getByRole('link', { name: 'View report' });
    expect(report.getAttribute('href')).toBe('/messages?message=9');

    await user.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Message Details' });
    expect(dialog.textContent).toContain('Claim Gold report');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/hatif/messages/9/markread')).toBe(true),
    );
    expect(within(toasts).queryByText(/Zara returned/)).toBeNull();
  });

  it('toasts without a report link when no report was written, and dismisses', async () => {
    const user = userEvent.setup();
    const { stream } = await signedInWithStream();
    act(() => stream.emit('mission.finished', { ...FINISHED, reportId: null }, '4'));
    const toasts = screen.getByRole('log', { name: 'Mission reports' });
    expect(await within(toasts).findByText(/^Zara returned from Claim Gold/)).toBeTruthy();
    expect(within(toasts).queryByRole('link', { name: 'View report' })).toBeNull();
    await user.click(within(toasts).getByRole('button', { name: 'Dismiss' }));
    expect(within(toasts).queryByText(/Zara returned/)).toBeNull();
  });

  it('shows one browser notification when notifications are on and the page is hidden', async () => {
    const shown = vi.fn();
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = vi.fn();
      onclick: (() => void) | null = null;
      constructor(title: string, options: NotificationOptions) {
        shown(title, options);
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    localStorage.setItem('aleph.notifications', 'on');
    const { stream } = await signedInWithStream();

    act(() => stream.emit('mission.finished', FINISHED, '4'));
    expect(shown).not.toHaveBeenCalled(); // the page is visible: the toast is enough

    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => stream.emit('mission.finished', { ...FINISHED, missionId: 42 }, '5'));
    expect(shown).toHaveBeenCalledTimes(1);
    expect(shown).toHaveBeenCalledWith('Mission finished', {
      body: 'Zara returned from Claim Gold: +120 gold',
      tag: 'mission-42',
    });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
  });

  it('closes the stream on sign-out', async () => {
    server();
    const store = signedInStore();
    renderApp('/', store);
    await waitFor(() => expect(browser.sources).toHaveLength(1));
    act(() => browser.latest()!.open());
    expect(store.getState().push?.connected).toBe(true);

    act(() => store.dispatch(signedOut()));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(browser.latest()!.closed).toBe(true);
    expect(store.getState().push?.connected).toBe(false);
    expect(browser.sources).toHaveLength(1);
  });
});
