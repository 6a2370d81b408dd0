import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { BazaarEvent } from '@aleph/contracts';
import { SignedInShell } from '../../app/signed-in-shell';
import { fakeFetch, json } from '../../test/fake-fetch';
import { fakePushBrowser } from '../../test/fake-push';
import { renderRoutes, signedInStore } from '../../test/render';
import { BazaarToasts, useBazaarToasts, type BazaarEventType } from './bazaar-toasts';
import { MyBazaarPage } from './my-bazaar-page';

vi.setConfig({ testTimeout: 20_000 });

const SWORD: BazaarEvent = {
  listingid: 42,
  kind: 'hero',
  title: 'Zara',
  currency: 'gold',
  amount: 1050,
};

/** The shell's use: a pushed event (here a click) queues a toast. */
function Harness({ type, event }: { type: BazaarEventType; event: BazaarEvent }) {
  const { toasts, push, dismiss } = useBazaarToasts();
  return (
    <>
      <button type="button" onClick={() => push(type, event)}>
        Push
      </button>
      <BazaarToasts toasts={toasts} onDismiss={dismiss} />
    </>
  );
}

describe('Bazaar toasts', () => {
  it.each([
    ['bazaar.sold', SWORD, 'Sold: Zara for 1,050 gold'],
    ['bazaar.bought', { ...SWORD, title: '3 Air shards' }, 'Bought: 3 Air shards'],
    ['bazaar.outbid', { ...SWORD, currency: 'platinum' }, 'Outbid on Zara: 1,050 platinum leads'],
  ] as const)('say what %s means, link to the listing and can be dismissed', async (...row) => {
    const [type, event, text] = row;
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <Harness type={type} event={event} />
      </MemoryRouter>,
    );
    await user.click(screen.getByRole('button', { name: 'Push' }));
    const log = screen.getByRole('log', { name: 'Bazaar' });
    expect(within(log).getByText(text)).toBeTruthy();
    expect(within(log).getByRole('link', { name: 'View listing' }).getAttribute('href')).toBe(
      '/bazaar/42',
    );
    await user.click(within(log).getByRole('button', { name: 'Dismiss' }));
    expect(within(log).queryByText(text)).toBeNull();
  });
});

describe('a bazaar.outbid pushed to the signed-in app', () => {
  let browser: ReturnType<typeof fakePushBrowser>;
  beforeEach(() => {
    browser = fakePushBrowser();
    vi.stubGlobal('EventSource', browser.EventSource);
  });

  it('shows its toast and reads My Bazaar and the treasury again', async () => {
    let leading = true;
    const { calls } = fakeFetch({
      'GET /athar/profile': () =>
        json({
          nickname: 'ayla',
          vip: { vipPoints: 0, vipLevel: 0 },
          level: { level: 2, profilePoints: 100, upgradable: false },
          treasury: { gold: leading ? 0 : 1000, platinum: 0 },
        }),
      'GET /athar/features': () => json(['profileLevel1', 'profileLevel2']),
      'GET /hatif/messages/countunread': () => json({ unreadMessages: 0 }),
      'GET /souq/bazaar/mine': () => json({ listings: [], bids: [], purchases: [], sales: [] }),
    });
    renderRoutes(
      [
        {
          path: '/',
          Component: SignedInShell,
          children: [{ path: 'bazaar/mine', Component: MyBazaarPage }],
        },
      ],
      '/bazaar/mine',
      signedInStore(),
    );
    expect(await screen.findByRole('heading', { name: 'My Bazaar' })).toBeTruthy();
    await waitFor(() => expect(browser.sources).toHaveLength(1));
    const stream = browser.latest()!;
    act(() => stream.open());
    const reads = (path: string) => calls.filter((c) => c.path === path).length;
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Gold' }).textContent).toContain('0'),
    );
    expect(reads('/souq/bazaar/mine')).toBe(1);

    leading = false;
    act(() => stream.emit('bazaar.outbid', SWORD, '7'));
    const log = screen.getByRole('log', { name: 'Bazaar' });
    expect(await within(log).findByText('Outbid on Zara: 1,050 gold leads')).toBeTruthy();
    // The released hold is back in the treasury and My Bazaar shows the bid as outbid.
    await waitFor(() => expect(reads('/souq/bazaar/mine')).toBe(2));
    await waitFor(() =>
      expect(screen.getByRole('group', { name: 'Gold' }).textContent).toContain('1,000'),
    );
  });
});
