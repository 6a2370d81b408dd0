import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Web push in Chromium without a push service of the browser's own (e2e/web-push.e2e.ts): the
 * DevTools protocol hands data to the service worker as its `push` event, and the worker's
 * message hook clicks a shown notification (src/pwa/service-worker.js).
 *
 * A delivery returns once the worker's push event has ended, which is once its notification is
 * on screen. Reading the notifications earlier is a race in Chromium, not in the app:
 * `getNotifications()` drops from its store a notification already written but not yet
 * reported displayed, and it never comes back (a journey saw 4 of 5 pushes delivered in a row).
 */

/**
 * How long a wait for the worker may take: a bound for a loaded machine, not a pace (the worker
 * may have to start before it handles a push).
 */
export const WORKER_WAIT = { timeout: 15_000 };

/** A notification as `registration.getNotifications()` reads it in a page. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  /** The page a click opens (the notification's data). */
  url: unknown;
  icon: string;
}

export interface PushChannel {
  /**
   * Delivers these bytes (text) to the worker as a push, as the browser would after decrypting,
   * and waits for the worker to have handled it (its notification shown).
   */
  deliver(data: string): Promise<void>;
  cdp: CDPSession;
}

/** DevTools' log of the push events of the worker's origin (the BackgroundService domain). */
const PUSH_LOG = { service: 'pushMessaging' } as const;

/**
 * Grants the origin notifications and finds its worker's registration from `page` (a page of
 * the origin, controlled by the worker). The channel lives as long as that page.
 */
export async function pushChannel(
  context: BrowserContext,
  page: Page,
  origin: string,
): Promise<PushChannel> {
  await context.grantPermissions(['notifications'], { origin });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const cdp = await context.newCDPSession(page);
  const scopes = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const { scopeURL, registrationId, isDeleted } of registrations)
      if (isDeleted) scopes.delete(scopeURL);
      else scopes.set(scopeURL, registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => scopes.get(`${origin}/`), WORKER_WAIT).toBeDefined();
  const registrationId = scopes.get(`${origin}/`)!;
  // How each push event ended, in order ('Success', 'waitUntil Rejected', 'Timeout'). The
  // browser's context is new for each journey, so the log starts empty.
  const ended: string[] = [];
  cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent }) => {
    if (backgroundServiceEvent.eventName !== 'Push event completed') return;
    const status = backgroundServiceEvent.eventMetadata.find((m) => m.key === 'Status');
    ended.push(status?.value ?? 'unknown');
  });
  await cdp.send('BackgroundService.clearEvents', PUSH_LOG);
  await cdp.send('BackgroundService.setRecording', { ...PUSH_LOG, shouldRecord: true });
  await cdp.send('BackgroundService.startObserving', PUSH_LOG);
  let delivered = 0;
  return {
    cdp,
    async deliver(data: string) {
      const push = delivered++;
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
      await expect
        .poll(() => ended.length, { ...WORKER_WAIT, message: `push ${push} was not handled` })
        .toBeGreaterThan(push);
      expect(ended[push], `how push ${push} ended`).toBe('Success');
    },
  };
}

/** The notifications the worker shows now, oldest first. */
export const shownNotifications = (page: Page): Promise<ShownNotification[]> =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
      icon: n.icon,
    }));
  });

/**
 * Clicks the shown notification of `tag` through the worker's message hook. With `awaitOpened`,
 * resolves to the page the worker opened (null: no notification has that tag); without it, at
 * once, since the click may take this very page elsewhere.
 */
export async function clickNotification(
  page: Page,
  tag: string,
  awaitOpened = false,
): Promise<string | null | undefined> {
  return page.evaluate(
    async ({ tag, awaitOpened }) => {
      const worker = (await navigator.serviceWorker.ready).active!;
      const channel = new MessageChannel();
      const opened = new Promise<string | null>((resolve) => {
        channel.port1.onmessage = (event: MessageEvent<{ url: string | null }>) =>
          resolve(event.data.url);
      });
      worker.postMessage({ type: 'aleph:open-notification', tag }, [channel.port2]);
      return awaitOpened ? opened : undefined;
    },
    { tag, awaitOpened },
  );
}
