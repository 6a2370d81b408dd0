import type { PushSubscriptionBody } from '@aleph/contracts';

/**
 * This browser's side of web push (docs/screens.md, Account, "Notifications"): the permission,
 * the service worker's push subscription, and which of the player's devices is this browser.
 */

/** Why this browser could not be subscribed; the account page words each one. */
export type WebPushProblem =
  /** No service worker, PushManager or Notification (an iPhone's Safari outside the app). */
  | 'unsupported'
  /** The player or the browser's settings refuse notifications for the site. */
  | 'denied'
  /** The permission prompt was closed without an answer. */
  | 'dismissed'
  /** No service worker took control (the development server has none). */
  | 'no-worker';

export class WebPushError extends Error {
  constructor(readonly problem: WebPushProblem) {
    super(`web push: ${problem}`);
    this.name = 'WebPushError';
  }
}

/**
 * The device id the server gave this browser's subscription, with the subscription's endpoint:
 * the devices list carries no endpoints, so this is how the page knows which one is this one.
 */
export const PUSH_DEVICE_KEY = 'aleph.pushDevice';

/** How long to wait for the service worker before saying it is not there. */
export const WORKER_WAIT_MS = 10_000;

export function webPushSupported(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof PushManager !== 'undefined' &&
    typeof Notification !== 'undefined'
  );
}

/** A base64url text (padding optional) as bytes, as `applicationServerKey` takes them. */
export function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * This browser's subscription, or null. Reads the registration there is rather than waiting
 * for `ready`, which never settles where no worker is registered.
 */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!webPushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function workerReady(waitMs: number): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WebPushError('no-worker')), waitMs);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Subscribes this browser for pushes signed with the server's key. The permission is asked
 * first, while the player's click still counts as one (browsers refuse prompts without it);
 * only then is the key fetched. A subscription made with an older key (the server's keys were
 * rotated) is replaced, as a browser keeps one subscription per worker.
 */
export async function subscribeThisBrowser(
  publicKey: () => Promise<string>,
  waitMs = WORKER_WAIT_MS,
): Promise<PushSubscription> {
  if (!webPushSupported()) throw new WebPushError('unsupported');
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') throw new WebPushError('denied');
  if (permission !== 'granted') throw new WebPushError('dismissed');
  const key = base64UrlBytes(await publicKey());
  const registration = await workerReady(waitMs);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** What the server stores of a subscription: `toJSON()`, whose fields the DOM types leave optional. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionBody {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    expirationTime: json.expirationTime ?? null,
  };
}

interface Remembered {
  endpoint: string;
  id: number;
}

function readRemembered(): Remembered | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(PUSH_DEVICE_KEY) ?? 'null') as unknown;
    const { endpoint, id } = (value ?? {}) as Partial<Remembered>;
    return typeof endpoint === 'string' && typeof id === 'number' ? { endpoint, id } : undefined;
  } catch {
    return undefined;
  }
}

export function rememberThisDevice(endpoint: string, id: number) {
  try {
    localStorage.setItem(PUSH_DEVICE_KEY, JSON.stringify({ endpoint, id }));
  } catch {
    // Storage unavailable (private mode): the marker lasts until the page closes.
  }
}

export function forgetThisDevice() {
  try {
    localStorage.removeItem(PUSH_DEVICE_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * The id of the player's device that is this browser: the one remembered when it subscribed,
 * as long as the browser still holds that same subscription (a browser whose site data was
 * cleared, or whose push service renewed the endpoint, is no longer that device).
 */
export async function thisDeviceId(): Promise<number | undefined> {
  const remembered = readRemembered();
  if (!remembered) return undefined;
  const subscription = await currentSubscription();
  return subscription?.endpoint === remembered.endpoint ? remembered.id : undefined;
}
