import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { localhost } from 'viem/chains';
import { expectAccessible } from './axe.js';
import {
  DESKTOP,
  launchBrowser,
  noSidewaysScroll,
  PHONE,
  pageWithWallet,
  screenshot,
} from './browser.js';
import { createPlayer, logIn, type Player } from './player.js';
import { startServer, type RunningServer } from './server.js';
// The server's tests start the same development chain.
import { startDevChain, type DevChain } from '../../server/test/dev-chain.js';

/**
 * The marketplace against a real development chain: anvil (chain id 1337) runs beside this
 * process, the built server verifies payments on it, and the page's wallet signs and sends
 * with the player's registered key. Buy Platinum, see the payment pending until one more block
 * is mined, then mint a hero and a land and open both.
 */
const CHAIN_ID = 1337;
const funderKey = generatePrivateKey();
const funder = privateKeyToAccount(funderKey);
const treasury = privateKeyToAccount(generatePrivateKey()).address;

let chain: DevChain;
let rpcUrl: string;
let server: RunningServer;
let browser: Browser;

const publicClient = () =>
  createPublicClient({ chain: localhost, transport: http(rpcUrl), cacheTime: 0 });
const walletOf = (account: PrivateKeyAccount) =>
  createWalletClient({ account, chain: localhost, transport: http(rpcUrl) });

beforeAll(async () => {
  chain = await startDevChain(CHAIN_ID, [{ address: funder.address, balance: parseEther('100') }]);
  rpcUrl = chain.url;
  // Two confirmations: a payment mined in the newest block stays pending until the journey
  // mines one more, so the pending state is seen for certain (the chain mines each transaction at once).
  server = await startServer({
    PAYMENT_PROVIDER: 'onchain',
    CHAIN_RPC_URL: rpcUrl,
    CHAIN_ID: String(CHAIN_ID),
    TREASURY_ADDRESS: treasury,
    PAYMENT_CONFIRMATIONS: '2',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await chain?.stop();
});

/** A registered player whose wallet holds 10 ETH on the development chain. */
async function fundedPlayer(): Promise<Player> {
  const player = await createPlayer(server, 'buyer', CHAIN_ID);
  const hash = await walletOf(funder).sendTransaction({
    to: player.account.address,
    value: parseEther('10'),
  });
  await publicClient().waitForTransactionReceipt({ hash });
  return player;
}

/** A browser wallet on chain 1337 that pays with the player's key through viem. */
async function walletPage(player: Player, viewport = DESKTOP) {
  return pageWithWallet(browser, server.url, player.account, viewport, {
    chainId: CHAIN_ID,
    sendTransaction: ({ to, value }) =>
      walletOf(player.account).sendTransaction({ to: to as Address, value: BigInt(value) }),
  });
}

const platinumInTopBar = async (page: Page) =>
  Number((await page.getByRole('group', { name: 'Platinum' }).innerText()).replace(/[^\d]/g, ''));

describe('the marketplace in the browser', () => {
  let player: Player;

  it('buys Platinum on chain, then mints a hero and a land and opens them', async () => {
    player = await fundedPlayer();
    const { page, context } = await walletPage(player);
    await logIn(page, player);
    const start = await platinumInTopBar(page);

    await page.getByRole('link', { name: 'Marketplace' }).click();
    await page.waitForURL((url) => url.pathname === '/marketplace');
    await page.getByRole('heading', { name: 'Platinum packages' }).waitFor();
    await page.getByText('Pay in ETH on chain 1337').waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'marketplace-buy-1440');
    await expectAccessible(page, 'marketplace buy tab at 1440');

    // The wallet pays the treasury; the payment waits for its second confirmation.
    await page.getByRole('button', { name: 'Buy 550 Platinum for 0.05 ETH' }).click();
    await page.getByText('Waiting for confirmations (1/2)').waitFor();
    await screenshot(page, 'marketplace-pending-1440');
    expect(await publicClient().getBalance({ address: treasury })).toBe(parseEther('0.05'));
    await chain.mine();
    await page.getByText('Purchase confirmed').waitFor();
    await expect.poll(() => platinumInTopBar(page)).toBe(start + 550);
    const history = page.getByRole('list', { name: 'Purchase history' });
    await history.getByText('+550 Platinum').waitFor();
    await history.getByText('Confirmed').waitFor();
    await screenshot(page, 'marketplace-confirmed-1440');

    // Mint a hero and open it.
    await page.getByRole('tab', { name: 'Mint Hero' }).click();
    await page.waitForURL((url) => url.search === '?tab=mint-hero');
    await page.getByRole('button', { name: 'Mint Hero' }).click();
    const heroDialog = page.getByRole('dialog', { name: 'Mint a hero for 50 Platinum?' });
    await heroDialog.getByRole('button', { name: 'Confirm' }).click();
    const heroReveal = page.getByRole('region', { name: 'Your new hero' });
    await heroReveal.getByRole('link', { name: 'Open hero' }).waitFor();
    await expect.poll(() => platinumInTopBar(page)).toBe(start + 500);
    await screenshot(page, 'marketplace-hero-reveal-1440');
    await expectAccessible(page, 'hero reveal at 1440');
    const heroName = await heroReveal.locator('p').first().innerText();
    await heroReveal.getByRole('link', { name: 'Open hero' }).click();
    await page.waitForURL((url) => /^\/heroes\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: heroName }).waitFor();

    // Mint a land on Aleph and open it.
    await page.goto('/marketplace?tab=mint-land');
    await page.getByRole('radio', { name: 'Aleph' }).check();
    await page.getByRole('button', { name: 'Mint Land' }).click();
    const landDialog = page.getByRole('dialog', { name: 'Mint a land on Aleph for 100 Platinum?' });
    await landDialog.getByRole('button', { name: 'Confirm' }).click();
    const landReveal = page.getByRole('region', { name: 'Your new land' });
    await landReveal.getByText('Aleph').waitFor();
    await expect.poll(() => platinumInTopBar(page)).toBe(start + 400);
    await screenshot(page, 'marketplace-land-reveal-1440');
    await expectAccessible(page, 'land reveal at 1440');
    const landName = await landReveal.getByText(/^Land #\d+$/).innerText();
    await landReveal.getByRole('link', { name: 'Open land' }).click();
    await page.waitForURL((url) => url.pathname === `/lands/${landName.slice('Land #'.length)}`);
    await page.getByText('Gold on Land').waitFor();
    await page.getByRole('heading', { level: 1, name: landName }).waitFor();
    await context.close();
  });

  it('fits a phone: every tab and a reveal at 390 px, accessibly', async () => {
    const { page, context } = await walletPage(player, PHONE);
    await logIn(page, player);
    for (const [tab, marker] of [
      ['buy-platinum', 'Purchase history'],
      ['mint-land', 'Mint a land'],
      ['mint-hero', 'Mint a hero'],
    ] as const) {
      await page.goto(`/marketplace?tab=${tab}`);
      await page.getByRole('heading', { name: marker }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `marketplace-${tab}-390`);
      await expectAccessible(page, `marketplace ${tab} at 390`);
      await noSidewaysScroll(page, `marketplace ${tab} at 390`);
    }
    await page.getByRole('button', { name: 'Mint Hero' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('region', { name: 'Your new hero' }).waitFor();
    await screenshot(page, 'marketplace-hero-reveal-390');
    await noSidewaysScroll(page, 'hero reveal at 390');
    await context.close();
  });
});
