import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PushDevice, PushKey, PushPreferences } from '@aleph/contracts';
import { expectAccessible } from './axe.js';
import { launchBrowser, pageWithWallet, PHONE, screenshot } from './browser.js';
import { api, createPlayer, logIn } from './player.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The account page's notification settings in Chromium against the built app and the built
 * server. Headless Chromium has no push service to subscribe with, so PushManager is answered
 * in the page: its subscription carries a real P-256 key and auth secret made here, and an
 * endpoint on the loopback, which the server accepts in test mode. Everything else is real:
 * the permission, the service worker's registration, the routes and the database.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** What the page's PushManager keeps in localStorage, so a reload finds the subscription. */
const FAKE_PUSH = 'e2e.fakePush';

/** A browser's subscription keys, as a push service would give them (RFC 8291 lengths). */
function subscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(12).toString('hex')}`,
    p256dh: ecdh.generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** PushManager answered in every page of the context (see the file's comment). */
async function fakePushManager(context: BrowserContext, keys: ReturnType<typeof subscriptionKeys>) {
  await context.addInitScript(
    ({ store, endpoint, p256dh, auth }) => {
      if (typeof PushManager === 'undefined') return;
      interface Kept {
        key: string;
      }
      const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const subscription = (kept: Kept) => ({
        endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: bytes(kept.key).buffer },
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          localStorage.removeItem(store);
          return Promise.resolve(true);
        },
      });
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
        const kept: Kept = { key: btoa(String.fromCharCode(...key)) };
        localStorage.setItem(store, JSON.stringify(kept));
        return Promise.resolve(subscription(kept) as unknown as PushSubscription);
      };
      PushManager.prototype.getSubscription = function () {
        const kept = JSON.parse(localStorage.getItem(store) ?? 'null') as Kept | null;
        return Promise.resolve(kept && (subscription(kept) as unknown as PushSubscription));
      };
    },
    { store: FAKE_PUSH, ...keys },
  );
}

async function openAccount(page: Page) {
  await page.goto('/profile/account');
  await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
}

const section = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const deviceList = (page: Page) =>
  section(page).getByRole('list', { name: 'Devices with notifications' });

describe('notification settings in the browser', () => {
  it('turns this device on, keeps the kinds and quiet hours chosen, and turns the device off', async () => {
    const player = await createPlayer(server, 'pushy');
    const keys = subscriptionKeys();
    const { context, page } = await pageWithWallet(browser, server.url, player.account);
    await context.grantPermissions(['notifications'], { origin: server.url });
    await fakePushManager(context, keys);
    await logIn(page, player);
    await openAccount(page);
    // Turning on waits for the service worker, which registers after the page has loaded.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await section(page).getByText('No device gets notifications yet.').waitFor();
    await section(page)
      .getByRole('button', { name: 'Turn on notifications on this device' })
      .click();
    await section(page)
      .getByRole('status')
      .filter({ hasText: 'Notifications are on for this device.' })
      .waitFor();
    const row = deviceList(page).getByRole('listitem');
    await row.getByText('This device').waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toMatch(
      /^Chrome on LinuxThis deviceAdded .+ No notification yet/,
    );
    // The browser subscribed with the server's own key, and the server keeps the device.
    const { body: serverKey } = await api<PushKey>(page, 'GET', '/athar/push/key');
    const usedKey = await page.evaluate(
      (store) => (JSON.parse(localStorage.getItem(store)!) as { key: string }).key,
      FAKE_PUSH,
    );
    expect(Buffer.from(usedKey, 'base64').toString('base64url')).toBe(serverKey.publicKey);
    const devices = await api<PushDevice[]>(page, 'GET', '/athar/push/subscriptions');
    expect(devices.body.map((d) => d.userAgent)).toEqual(['Chrome on Linux']);
    expect(
      await section(page)
        .getByRole('button', { name: 'Turn on notifications on this device' })
        .count(),
    ).toBe(0);

    // Two kinds off, quiet hours at night, saved.
    await section(page).getByRole('switch', { name: 'Outbid on the Bazaar' }).uncheck();
    await section(page).getByRole('switch', { name: 'Message received' }).uncheck();
    await section(page).getByRole('switch', { name: 'Quiet hours' }).check();
    await section(page).getByLabel('From').fill('22:00');
    await section(page).getByLabel('Until').fill('07:00');
    await section(page).getByRole('button', { name: 'Save' }).click();
    await section(page)
      .getByRole('status')
      .filter({ hasText: 'Notification settings saved.' })
      .waitFor();
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const stored = await api<PushPreferences>(page, 'GET', '/athar/push/preferences');
    expect(stored.body).toEqual({
      kinds: [
        'mission.finished',
        'profile.levelup',
        'arena.attacked',
        'alliance.mention',
        'bazaar.sold',
        'bazaar.bought',
      ],
      quietHours: { start: '22:00', end: '07:00' },
      timeZone,
    });

    // A reload shows them kept, and this browser is still this device.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await row.getByText('This device').waitFor();
    const quiet = section(page).getByRole('switch', { name: 'Quiet hours' });
    await quiet.waitFor();
    expect(await quiet.isChecked()).toBe(true);
    expect(await section(page).getByLabel('From').inputValue()).toBe('22:00');
    expect(await section(page).getByLabel('Until').inputValue()).toBe('07:00');
    expect(
      await section(page).getByRole('switch', { name: 'Outbid on the Bazaar' }).isChecked(),
    ).toBe(false);
    expect(await section(page).getByRole('switch', { name: 'Message received' }).isChecked()).toBe(
      false,
    );
    expect(await section(page).getByRole('switch', { name: 'Mission finished' }).isChecked()).toBe(
      true,
    );
    // From the top, so the sticky top bar stays on top of the picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'account-notifications-1440');
    await expectAccessible(page, 'account notifications');

    // On a phone signed in to the same account, the device is listed, but it is not that one.
    const phone = await pageWithWallet(browser, server.url, player.account, PHONE);
    await logIn(phone.page, player);
    await openAccount(phone.page);
    await deviceList(phone.page).getByText('Chrome on Linux').waitFor();
    expect(await deviceList(phone.page).getByText('This device').count()).toBe(0);
    await section(phone.page)
      .getByRole('button', { name: 'Turn on notifications on this device' })
      .waitFor();
    await phone.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(phone.page, 'account-notifications-390');
    await expectAccessible(phone.page, 'account notifications on a phone');
    await phone.context.close();

    // Turned off: gone from the server and from the browser, and it can be turned on again.
    await row.getByRole('button', { name: /^Turn off Chrome on Linux/ }).click();
    await section(page).getByText('No device gets notifications yet.').waitFor();
    await section(page)
      .getByRole('button', { name: 'Turn on notifications on this device' })
      .waitFor();
    expect((await api<PushDevice[]>(page, 'GET', '/athar/push/subscriptions')).body).toEqual([]);
    expect(await page.evaluate((store) => localStorage.getItem(store), FAKE_PUSH)).toBeNull();
    await context.close();
  });
});
