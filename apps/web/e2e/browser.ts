import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { repoRoot } from './server.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless. A missing browser fails the run: these tests are never skipped. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install Debian's chromium (apt-get install chromium)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 900 };

/** What the injected wallet does beyond signing. Without options it behaves as before. */
export interface WalletOptions {
  /** The chain the wallet reports for eth_chainId; 1 unless told. */
  chainId?: number;
  /**
   * Sends a transaction for eth_sendTransaction (in the test process, e.g. through viem's wallet
   * client against a development chain) and answers its hash; without it the method is refused.
   */
  sendTransaction?: (tx: { from: string; to: string; value: string }) => Promise<string>;
}

/**
 * A page with an injected EIP-1193 wallet that signs with a real test key through viem, so
 * the server verifies a genuine signature.
 */
export async function pageWithWallet(
  browser: Browser,
  baseURL: string,
  account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey()),
  viewport = DESKTOP,
  options: WalletOptions = {},
): Promise<{ context: BrowserContext; page: Page; account: PrivateKeyAccount }> {
  const context = await browser.newContext({ baseURL, viewport });
  await context.exposeBinding('__alephWalletSign', async (_source, hexMessage: string) =>
    account.signMessage({ message: { raw: hexMessage as `0x${string}` } }),
  );
  const { sendTransaction } = options;
  if (sendTransaction) {
    await context.exposeBinding(
      '__alephWalletSend',
      async (_source, tx: { from: string; to: string; value: string }) => sendTransaction(tx),
    );
  }
  const chainId = `0x${(options.chainId ?? 1).toString(16)}`;
  await context.addInitScript(
    ({ address, chainId, canSend }: { address: string; chainId: string; canSend: boolean }) => {
      const wallet = window as unknown as {
        __alephWalletSign(hex: string): Promise<string>;
        __alephWalletSend(tx: unknown): Promise<string>;
      };
      (window as unknown as { ethereum: unknown }).ethereum = {
        isMetaMask: false,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address];
            case 'eth_chainId':
              return chainId;
            case 'personal_sign':
              return wallet.__alephWalletSign(String(params?.[0]));
            case 'eth_sendTransaction':
              if (canSend) return wallet.__alephWalletSend(params?.[0]);
              throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
            default:
              throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
          }
        },
        on() {},
        removeListener() {},
      };
    },
    { address: account.address, chainId, canSend: Boolean(sendTransaction) },
  );
  const page = await context.newPage();
  return { context, page, account };
}

/** `npm run screenshots` refreshes the committed ones; ordinary runs keep theirs out of git. */
const shots = path.join(
  repoRoot,
  process.env.SAVE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots',
);

/** Fails when the page is wider than the window (a phone would scroll it sideways). */
export async function noSidewaysScroll(page: Page, screen: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * Saves a full-page screenshot for review (and, with SAVE_SCREENSHOTS=1, for the docs), after
 * checking that the screen fits the window's width: every screen shown is also a fitting one.
 */
export async function screenshot(page: Page, name: string) {
  await noSidewaysScroll(page, name);
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}
