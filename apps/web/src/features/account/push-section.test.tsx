import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUSH_KINDS, type PushDevice, type PushPreferences } from '@aleph/contracts';
import { fakeFetch, json, type RecordedCall } from '../../test/fake-fetch';
import { renderWithStore, signedInStore } from '../../test/render';
import { PUSH_DEVICE_KEY } from '../../lib/web-push';
import { PUSH_TEXT, PushSection } from './push-section';

vi.setConfig({ testTimeout: 30_000 });

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const SERVER_KEY = toBase64Url(new Uint8Array(65).map((_, i) => (i === 0 ? 4 : i)));
const P256DH = toBase64Url(new Uint8Array(65).map((_, i) => (i === 0 ? 4 : 255 - i)));
const AUTH = toBase64Url(new Uint8Array(16).map((_, i) => i * 3));
const ENDPOINT = 'https://push.example/send/abc';

const device = (over: Partial<PushDevice>): PushDevice => ({
  id: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  userAgent: 'Chrome on Android',
  lastSuccessAt: '2026-11-21T14:05:00.000Z',
  ...over,
});
const PHONE = device({});
const LAPTOP = device({
  id: 2,
  userAgent: 'Firefox on Linux',
  createdAt: '2026-11-22T08:30:00.000Z',
  lastSuccessAt: null,
});

/** The browser's subscription, as Chrome's PushManager makes one. */
class FakeSubscription {
  readonly options: { applicationServerKey: ArrayBuffer };
  readonly unsubscribe = vi.fn(() => {
    this.owner.current = null;
    return Promise.resolve(true);
  });
  constructor(
    readonly endpoint: string,
    key: Uint8Array,
    private readonly owner: { current: FakeSubscription | null },
  ) {
    this.options = { applicationServerKey: key.slice().buffer };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: P256DH, auth: AUTH } };
  }
}

/** A browser with a ready service worker and push; `answer` is the permission prompt's. */
function fakeBrowser(answer: NotificationPermission = 'granted') {
  const owner: { current: FakeSubscription | null } = { current: null };
  const subscribe = vi.fn((options: { applicationServerKey: Uint8Array }) => {
    owner.current = new FakeSubscription(ENDPOINT, options.applicationServerKey, owner);
    return Promise.resolve(owner.current);
  });
  const registration = {
    pushManager: { subscribe, getSubscription: () => Promise.resolve(owner.current) },
  };
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: () => Promise.resolve(registration),
    },
  });
  return { owner, subscribe, requestPermission };
}

type Reply = { status?: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply;

/** The push routes over a list of devices and stored preferences. */
function server(
  routes: Record<string, Handler> = {},
  start: { devices?: PushDevice[]; preferences?: PushPreferences } = {},
) {
  let devices = start.devices ?? [PHONE, LAPTOP];
  let preferences: PushPreferences = start.preferences ?? {
    kinds: [...PUSH_KINDS],
    quietHours: null,
    timeZone: 'UTC',
  };
  const fake = fakeFetch({
    'GET /athar/push/key': () => json({ publicKey: SERVER_KEY }),
    'GET /athar/push/subscriptions': () => json(devices),
    'POST /athar/push/subscriptions': () => {
      const added = device({ id: 3, userAgent: 'Chrome on Linux', lastSuccessAt: null });
      devices = [...devices, added];
      return json(added, 201);
    },
    'DELETE /athar/push/subscriptions/1': () => {
      devices = devices.filter((d) => d.id !== 1);
      return { status: 204 };
    },
    'DELETE /athar/push/subscriptions/3': () => {
      devices = devices.filter((d) => d.id !== 3);
      return { status: 204 };
    },
    'GET /athar/push/preferences': () => json(preferences),
    'PUT /athar/push/preferences': (call) => {
      preferences = call.body as PushPreferences;
      return json(preferences);
    },
    ...routes,
  });
  return fake;
}

async function open() {
  renderWithStore(<PushSection />, signedInStore());
  return screen.findByRole('region', { name: 'Notifications' });
}

const writes = (calls: RecordedCall[], method: string) =>
  calls.filter((c) => c.method === method).map((c) => ({ path: c.path, body: c.body }));

const rows = (region: HTMLElement) =>
  within(within(region).getByRole('list', { name: 'Devices with notifications' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

describe('Notifications on the account page', () => {
  it('lists the devices with their dates and turns one off', async () => {
    fakeBrowser();
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    const region = await open();
    await within(region).findByRole('list', { name: 'Devices with notifications' });
    expect(rows(region)).toEqual([
      'Chrome on AndroidAdded Nov 20, 2026 10:00 · Last notification Nov 21, 2026 14:05Turn off',
      'Firefox on LinuxAdded Nov 22, 2026 08:30 · No notification yetTurn off',
    ]);
    // Not subscribed here: neither is this device, and it can be turned on.
    expect(within(region).queryByText('This device')).toBeNull();
    expect(within(region).getByRole('button', { name: PUSH_TEXT.turnOn })).toBeTruthy();

    await user.click(
      within(region).getByRole('button', {
        name: 'Turn off Chrome on Android, added Nov 20, 2026 10:00',
      }),
    );
    expect((await within(region).findByRole('status')).textContent).toBe(
      'Turned off Chrome on Android.',
    );
    await waitFor(() => expect(rows(region)).toHaveLength(1));
    expect(rows(region)[0]).toMatch(/^Firefox on Linux/);
    expect(writes(calls, 'DELETE')).toEqual([
      { path: '/athar/push/subscriptions/1', body: undefined },
    ]);
  });

  it('turns on this device: asks permission on the click, subscribes with the key, sends the subscription', async () => {
    const browser = fakeBrowser('granted');
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    const region = await open();
    await within(region).findByRole('list', { name: 'Devices with notifications' });
    // Nothing asked on load.
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await user.click(within(region).getByRole('button', { name: PUSH_TEXT.turnOn }));
    expect((await within(region).findByRole('status')).textContent).toBe(PUSH_TEXT.turnedOn);
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0];
    expect(toBase64Url(options.applicationServerKey)).toBe(SERVER_KEY);
    expect(writes(calls, 'POST')).toEqual([
      {
        path: '/athar/push/subscriptions',
        body: { endpoint: ENDPOINT, keys: { p256dh: P256DH, auth: AUTH }, expirationTime: null },
      },
    ]);
    // The list reads again with the new device, marked as this one; the button goes.
    await waitFor(() => expect(rows(region)).toHaveLength(3));
    expect(rows(region)[2]).toBe(
      'Chrome on LinuxThis deviceAdded Nov 20, 2026 10:00 · No notification yetTurn off',
    );
    expect(within(region).queryByRole('button', { name: PUSH_TEXT.turnOn })).toBeNull();
    expect(JSON.parse(localStorage.getItem(PUSH_DEVICE_KEY)!)).toEqual({
      endpoint: ENDPOINT,
      id: 3,
    });

    // Turning this device off also drops the browser's subscription.
    const subscription = browser.owner.current!;
    await user.click(within(region).getByRole('button', { name: /^Turn off Chrome on Linux/ }));
    await waitFor(() => expect(rows(region)).toHaveLength(2));
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(PUSH_DEVICE_KEY)).toBeNull();
    expect(within(region).getByRole('button', { name: PUSH_TEXT.turnOn })).toBeTruthy();
    expect(writes(calls, 'DELETE').map((c) => c.path)).toEqual(['/athar/push/subscriptions/3']);
  });

  it('marks this device when the browser still holds the subscription it was added with', async () => {
    const browser = fakeBrowser();
    browser.owner.current = new FakeSubscription(ENDPOINT, new Uint8Array(65), browser.owner);
    localStorage.setItem(PUSH_DEVICE_KEY, JSON.stringify({ endpoint: ENDPOINT, id: 2 }));
    server();
    const region = await open();
    const laptop = await within(region).findByText('Firefox on Linux');
    await within(region).findByText('This device');
    expect(within(laptop.closest('li')!).getByText('This device')).toBeTruthy();
    expect(within(region).queryByRole('button', { name: PUSH_TEXT.turnOn })).toBeNull();
  });

  it('says the browser cannot get notifications, without a button', async () => {
    server();
    const region = await open();
    expect(await within(region).findByText(PUSH_TEXT.unsupported)).toBeTruthy();
    expect(within(region).queryByRole('button', { name: PUSH_TEXT.turnOn })).toBeNull();
    // The devices can still be turned off from here.
    await within(region).findByRole('list', { name: 'Devices with notifications' });
  });

  it('says when the browser refuses notifications, and sends nothing', async () => {
    fakeBrowser('denied');
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    const region = await open();
    await user.click(await within(region).findByRole('button', { name: PUSH_TEXT.turnOn }));
    expect((await within(region).findByRole('alert')).textContent).toBe(PUSH_TEXT.denied);
    expect(writes(calls, 'POST')).toEqual([]);
  });

  it('says when the server sends no notifications', async () => {
    fakeBrowser();
    server({
      'GET /athar/push/key': () => ({
        status: 409,
        body: { code: 'WEB_PUSH_OFF', message: 'Notifications are turned off on this server.' },
      }),
    });
    const region = await open();
    expect(await within(region).findByText(PUSH_TEXT.pushOff)).toBeTruthy();
    expect(within(region).queryByRole('button', { name: PUSH_TEXT.turnOn })).toBeNull();
  });

  it("shows the server's words when ten devices are already on", async () => {
    fakeBrowser();
    const full = 'You can get notifications on at most 10 devices. Turn one off first.';
    server({
      'POST /athar/push/subscriptions': () => ({
        status: 409,
        body: { code: 'PUSH_DEVICES_FULL', message: full },
      }),
    });
    const user = userEvent.setup({ delay: null });
    const region = await open();
    await user.click(await within(region).findByRole('button', { name: PUSH_TEXT.turnOn }));
    expect((await within(region).findByRole('alert')).textContent).toBe(full);
    expect(localStorage.getItem(PUSH_DEVICE_KEY)).toBeNull();
    expect(within(region).queryByText('This device')).toBeNull();
  });

  it('saves the kinds and the quiet hours in the browser’s time zone', async () => {
    const { calls } = server();
    const user = userEvent.setup({ delay: null });
    const region = await open();
    const outbid = await within(region).findByRole('switch', { name: 'Outbid on the Bazaar' });
    expect(within(region).getByText(PUSH_TEXT.quietNote)).toBeTruthy();
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(region).getByText(`Time zone: ${timeZone}`)).toBeTruthy();
    for (const name of [
      'Mission finished',
      'Level-up available',
      'Attacked in the Arena',
      'Message received',
      'Mentioned in alliance chat',
      'Outbid on the Bazaar',
      'Sold on the Bazaar',
      'Bought on the Bazaar',
    ])
      expect((within(region).getByRole('switch', { name }) as HTMLInputElement).checked).toBe(true);
    const from = within(region).getByLabelText('From') as HTMLInputElement;
    expect(from.disabled).toBe(true);

    await user.click(outbid);
    await user.click(within(region).getByRole('switch', { name: 'Message received' }));
    await user.click(within(region).getByRole('switch', { name: 'Quiet hours' }));
    // A time picker gives its whole value at once.
    fireEvent.change(from, { target: { value: '23:30' } });
    const until = within(region).getByLabelText('Until');
    fireEvent.change(until, { target: { value: '07:00' } });
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    expect((await within(region).findByRole('status')).textContent).toBe(PUSH_TEXT.saved);
    expect(writes(calls, 'PUT')).toEqual([
      {
        path: '/athar/push/preferences',
        body: {
          kinds: [
            'mission.finished',
            'profile.levelup',
            'arena.attacked',
            'alliance.mention',
            'bazaar.sold',
            'bazaar.bought',
          ],
          quietHours: { start: '23:30', end: '07:00' },
          timeZone,
        },
      },
    ]);
  });

  it('shows the stored choices, and turning quiet hours off sends none', async () => {
    const { calls } = server(
      {},
      {
        preferences: {
          kinds: ['mission.finished', 'bazaar.sold'],
          quietHours: { start: '21:15', end: '06:45' },
          timeZone: 'Europe/Paris',
        },
      },
    );
    const user = userEvent.setup({ delay: null });
    const region = await open();
    const quiet = (await within(region).findByRole('switch', {
      name: 'Quiet hours',
    })) as HTMLInputElement;
    expect(quiet.checked).toBe(true);
    expect((within(region).getByLabelText('From') as HTMLInputElement).value).toBe('21:15');
    expect((within(region).getByLabelText('Until') as HTMLInputElement).value).toBe('06:45');
    const on = within(region)
      .getAllByRole('switch')
      .filter((s) => (s as HTMLInputElement).checked)
      .map((s) => s.closest('label')?.textContent);
    expect(on).toEqual(['Mission finished', 'Sold on the Bazaar', 'Quiet hours']);

    await user.click(quiet);
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    await within(region).findByRole('status');
    expect((writes(calls, 'PUT')[0]?.body as PushPreferences).quietHours).toBeNull();
    expect((writes(calls, 'PUT')[0]?.body as PushPreferences).kinds).toEqual([
      'mission.finished',
      'bazaar.sold',
    ]);
  });

  it("shows the server's refusal of the quiet hours", async () => {
    const refusal = 'Quiet hours must start and end at different times.';
    server({
      'PUT /athar/push/preferences': () => ({
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: refusal, field: 'quietHours' },
      }),
    });
    const user = userEvent.setup({ delay: null });
    const region = await open();
    await user.click(await within(region).findByRole('switch', { name: 'Quiet hours' }));
    const from = within(region).getByLabelText('From');
    // A time picker gives its whole value at once.
    fireEvent.change(from, { target: { value: '08:00' } });
    await user.click(within(region).getByRole('button', { name: 'Save' }));
    expect((await within(region).findByRole('alert')).textContent).toBe(refusal);
    expect(within(region).queryByText(PUSH_TEXT.saved)).toBeNull();
  });
});
