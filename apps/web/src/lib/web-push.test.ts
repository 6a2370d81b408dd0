import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  base64UrlBytes,
  PUSH_DEVICE_KEY,
  rememberThisDevice,
  subscribeThisBrowser,
  subscriptionBody,
  thisDeviceId,
  webPushSupported,
  WebPushError,
} from './web-push';

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const SERVER_KEY = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : (i * 7) % 256));
const OLD_KEY = new Uint8Array(65).map((_, i) => (i === 0 ? 4 : (i * 11) % 256));

class FakeSubscription {
  readonly options: { applicationServerKey: ArrayBuffer };
  unsubscribed = false;
  constructor(
    readonly endpoint: string,
    key: Uint8Array,
    private readonly manager: FakePushManager,
  ) {
    this.options = { applicationServerKey: key.slice().buffer };
  }
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'pk', auth: 'au' } };
  }
  unsubscribe() {
    this.unsubscribed = true;
    this.manager.current = null;
    return Promise.resolve(true);
  }
}

class FakePushManager {
  current: FakeSubscription | null = null;
  made = 0;
  subscribe = vi.fn((options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
    this.made += 1;
    this.current = new FakeSubscription(
      `https://push.example/${this.made}`,
      options.applicationServerKey,
      this,
    );
    return Promise.resolve(this.current);
  });
  getSubscription = () => Promise.resolve(this.current);
}

/** A browser with a worker (or one never registered), push and a permission answer. */
function fakeBrowser(
  answer: NotificationPermission = 'granted',
  { worker = true, permission = 'default' as NotificationPermission } = {},
) {
  const pushManager = new FakePushManager();
  const registration = { pushManager };
  const requestPermission = vi.fn(() => Promise.resolve(answer));
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', FakePushManager);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: worker ? Promise.resolve(registration) : new Promise(() => undefined),
      getRegistration: () => Promise.resolve(worker ? registration : undefined),
    },
  });
  return { pushManager, requestPermission };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  vi.useRealTimers();
});

describe('web push in this browser', () => {
  it('is unsupported without a service worker or PushManager', async () => {
    expect(webPushSupported()).toBe(false);
    await expect(subscribeThisBrowser(() => Promise.resolve('x'))).rejects.toEqual(
      new WebPushError('unsupported'),
    );
    fakeBrowser();
    expect(webPushSupported()).toBe(true);
  });

  it('asks the permission before fetching the key, then subscribes with the key as bytes', async () => {
    const { pushManager, requestPermission } = fakeBrowser('granted');
    const order: string[] = [];
    requestPermission.mockImplementation(() => {
      order.push('permission');
      return Promise.resolve('granted');
    });
    const subscription = await subscribeThisBrowser(() => {
      order.push('key');
      return Promise.resolve(toBase64Url(SERVER_KEY));
    });
    expect(order).toEqual(['permission', 'key']);
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
    const options = pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...SERVER_KEY]);
    expect(subscription.endpoint).toBe('https://push.example/1');
    expect(subscriptionBody(subscription)).toEqual({
      endpoint: 'https://push.example/1',
      keys: { p256dh: 'pk', auth: 'au' },
      expirationTime: null,
    });
  });

  it('does not ask again once granted, and keeps a subscription made with the same key', async () => {
    const { pushManager, requestPermission } = fakeBrowser('granted', { permission: 'granted' });
    const key = () => Promise.resolve(toBase64Url(SERVER_KEY));
    const first = await subscribeThisBrowser(key);
    const again = await subscribeThisBrowser(key);
    expect(again).toBe(first);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('replaces a subscription made with an older server key', async () => {
    const { pushManager } = fakeBrowser('granted', { permission: 'granted' });
    const old = await subscribeThisBrowser(() => Promise.resolve(toBase64Url(OLD_KEY)));
    const fresh = await subscribeThisBrowser(() => Promise.resolve(toBase64Url(SERVER_KEY)));
    expect((old as unknown as FakeSubscription).unsubscribed).toBe(true);
    expect(fresh.endpoint).toBe('https://push.example/2');
    expect(pushManager.subscribe).toHaveBeenCalledTimes(2);
  });

  it('stops at a refused or dismissed permission without fetching the key', async () => {
    const key = vi.fn(() => Promise.resolve(toBase64Url(SERVER_KEY)));
    fakeBrowser('denied');
    await expect(subscribeThisBrowser(key)).rejects.toEqual(new WebPushError('denied'));
    fakeBrowser('default');
    await expect(subscribeThisBrowser(key)).rejects.toEqual(new WebPushError('dismissed'));
    expect(key).not.toHaveBeenCalled();
  });

  it('says when no service worker ever becomes ready', async () => {
    vi.useFakeTimers();
    fakeBrowser('granted', { worker: false });
    const result = subscribeThisBrowser(() => Promise.resolve(toBase64Url(SERVER_KEY)), 5000);
    const caught = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await caught).toEqual(new WebPushError('no-worker'));
  });

  it('knows this device while the browser holds the subscription it was remembered with', async () => {
    const { pushManager } = fakeBrowser('granted', { permission: 'granted' });
    expect(await thisDeviceId()).toBeUndefined();
    const subscription = await subscribeThisBrowser(() => Promise.resolve(toBase64Url(SERVER_KEY)));
    rememberThisDevice(subscription.endpoint, 7);
    expect(JSON.parse(localStorage.getItem(PUSH_DEVICE_KEY)!)).toEqual({
      endpoint: 'https://push.example/1',
      id: 7,
    });
    expect(await thisDeviceId()).toBe(7);
    // The browser dropped it (site data cleared): no longer that device.
    pushManager.current = null;
    expect(await thisDeviceId()).toBeUndefined();
  });

  it('decodes base64url with and without padding', () => {
    expect([...base64UrlBytes('-_8')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlBytes('-_8=')]).toEqual([0xfb, 0xff]);
    expect([...base64UrlBytes(toBase64Url(SERVER_KEY))]).toEqual([...SERVER_KEY]);
  });
});
