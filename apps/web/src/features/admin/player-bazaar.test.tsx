import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import type { ListingPage, ListingSummary } from '@aleph/contracts';
import { json } from '../../test/fake-fetch';
import { when } from './format';
import { detail, MODERATOR, posts, renderConsole } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

/** axe's findings (colour contrast needs a browser's layout: the browser journey checks it). */
async function violations() {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.help}`);
}

/** A listing as `GET /souq/bazaar/listings` answers it (packages/contracts/src/bazaar.ts). */
function listing(over: Partial<ListingSummary>): ListingSummary {
  return {
    id: 7,
    kind: 'hero',
    title: 'Kaelen',
    seller: { profileid: 42, nickname: 'Zara' },
    currency: 'gold',
    price: 1200,
    quantity: 1,
    auction: null,
    status: 'open',
    createdAt: '2026-11-27T10:00:00.000Z',
    endsAt: '2026-12-04T10:00:00.000Z',
    rarity: 2,
    element: 1,
    terrain: null,
    level: 3,
    skills: [40, 22, 31, 18, 25, 12, 30, 44],
    item: null,
    heroid: 31,
    landid: null,
    ...over,
  };
}

const HERO = listing({});
const LAND = listing({
  id: 8,
  kind: 'land',
  title: 'Mistmere',
  currency: 'platinum',
  price: 15_000,
  auction: {
    startPrice: 9000,
    buyNow: null,
    currentBid: 15_000,
    bids: 3,
    minNextBid: 15_750,
    days: 3,
  },
  endsAt: '2026-11-29T18:30:00.000Z',
  rarity: null,
  element: 2,
  terrain: 1,
  level: null,
  skills: null,
  heroid: null,
  landid: 9,
});

const page = (listings: ListingSummary[]): ListingPage => ({ listings, nextCursor: null });

// The search keeps serving both: a server's kept search page may still hold a cancelled listing.
const ROUTES = {
  'GET /diwan/players/42': () => json(detail()),
  'GET /souq/bazaar/listings': () => json(page([HERO, LAND])),
};

const refusal = (status: number, code: string, message: string) =>
  json({ statusCode: status, error: 'Refused', code, message }, status);

async function fill(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}

async function bazaarTable() {
  return screen.findByRole('table', { name: 'Open Bazaar listings' });
}

/** The dialog of the Mistmere auction's "Cancel listing". */
async function openCancel(user: ReturnType<typeof userEvent.setup>) {
  const table = await bazaarTable();
  await user.click(within(table).getByRole('button', { name: 'Cancel listing #8 Mistmere' }));
  return screen.findByRole('dialog', { name: 'Cancel listing #8 Mistmere' });
}

describe("a player's Bazaar listings in the console", () => {
  it("lists the player's open listings from the Bazaar's search by seller", async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole('/admin/players/42', ROUTES);
    await user.click(await screen.findByRole('tab', { name: 'Bazaar' }));
    const table = await bazaarTable();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Kaelen', 'Hero', '1,200 gold', 'Fixed price', when(HERO.endsAt), 'Cancel listing'],
      ['Mistmere', 'Land', '15,000 platinum', '3', when(LAND.endsAt), 'Cancel listing'],
    ]);
    expect(within(table).getByRole('link', { name: 'Mistmere' }).getAttribute('href')).toBe(
      '/bazaar/8',
    );
    expect(calls.filter((c) => c.path.startsWith('/souq/')).map((c) => c.path)).toEqual([
      '/souq/bazaar/listings?seller=42&limit=100',
    ]);
  });

  it('says so when the player has no open listing, with nothing to cancel', async () => {
    renderConsole('/admin/players/42?tab=bazaar', {
      ...ROUTES,
      'GET /souq/bazaar/listings': () => json(page([])),
    });
    const table = await bazaarTable();
    expect(await within(table).findByText('No open listings.')).toBeTruthy();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('says so when the listings cannot be read', async () => {
    renderConsole('/admin/players/42?tab=bazaar', {
      ...ROUTES,
      'GET /souq/bazaar/listings': () => refusal(503, 'UNAVAILABLE', 'Try again.'),
    });
    expect(await screen.findByText('Failed to load the Bazaar listings.')).toBeTruthy();
  });

  it('cancels a listing with a reason the seller reads, as a moderator; the row goes', async () => {
    const user = userEvent.setup();
    const { calls } = renderConsole(
      '/admin/players/42?tab=bazaar',
      { ...ROUTES, 'POST /diwan/bazaar/8/cancel': () => json({ ok: true, staffLogId: 61 }) },
      MODERATOR,
    );
    const dialog = await openCancel(user);
    expect(within(dialog).getByText(/an auction with bids too/)).toBeTruthy();
    expect(within(dialog).getByText(/The seller reads it/)).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: 'Cancel listing' });
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'ab');
    await user.click(submit);
    expect(within(dialog).getByText(/^At least 3 characters/)).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await fill(user, within(dialog).getByLabelText(/^Reason/), 'c: scam listing');
    const playerReads = calls.filter((c) => c.path === '/diwan/players/42').length;
    await user.click(submit);
    expect(await screen.findByText('Listing #8 Mistmere cancelled. Staff log #61.')).toBeTruthy();
    expect(posts(calls)).toEqual([
      { method: 'POST', path: '/diwan/bazaar/8/cancel', body: { reason: 'abc: scam listing' } },
    ]);
    const table = await bazaarTable();
    await waitFor(() => expect(within(table).queryByText('Mistmere')).toBeNull());
    expect(within(table).getByText('Kaelen')).toBeTruthy();
    // The player's file (its Staff actions) and the listings are read again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/diwan/players/42').length).toBeGreaterThan(
        playerReads,
      ),
    );
    expect(calls.filter((c) => c.path.startsWith('/souq/')).length).toBeGreaterThan(1);
  });

  it.each([
    [409, 'LISTING_CLOSED', 'This listing is sold already.'],
    [404, 'LISTING_NOT_FOUND', 'Listing not found.'],
  ])('shows a %i %s refusal; the closed listing leaves the table', async (status, code, text) => {
    const user = userEvent.setup();
    renderConsole('/admin/players/42?tab=bazaar', {
      ...ROUTES,
      'POST /diwan/bazaar/8/cancel': () => refusal(status, code, text),
    });
    const dialog = await openCancel(user);
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Scam listing');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel listing' }));
    expect(await within(dialog).findByText(text)).toBeTruthy();
    expect(screen.queryByText(/Staff log #/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const table = await bazaarTable();
    await waitFor(() => expect(within(table).queryByText('Mistmere')).toBeNull());
    expect(within(table).getByText('Kaelen')).toBeTruthy();
  });

  it('asks for the password on a stale session, then cancels', async () => {
    const user = userEvent.setup();
    let fresh = false;
    const { calls } = renderConsole('/admin/players/42?tab=bazaar', {
      ...ROUTES,
      'POST /diwan/reauth': () => {
        fresh = true;
        return json({ ok: true, freshUntil: '2099-01-01T00:00:00.000Z' });
      },
      'POST /diwan/bazaar/8/cancel': () =>
        fresh
          ? json({ ok: true, staffLogId: 62 })
          : refusal(403, 'REAUTH_REQUIRED', 'Confirm your password to act.'),
    });
    const dialog = await openCancel(user);
    await fill(user, within(dialog).getByLabelText(/^Reason/), 'Scam listing');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel listing' }));
    const reauth = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await fill(user, within(reauth).getByLabelText(/^Password/), 'right one');
    await user.click(within(reauth).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Listing #8 Mistmere cancelled. Staff log #62.')).toBeTruthy();
    expect(posts(calls).map((c) => c.path)).toEqual([
      '/diwan/bazaar/8/cancel',
      '/diwan/reauth',
      '/diwan/bazaar/8/cancel',
    ]);
  });

  it('the tab and the cancel dialog have no axe violations', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const user = userEvent.setup();
    renderConsole('/admin/players/42?tab=bazaar', ROUTES);
    await within(await bazaarTable()).findAllByRole('link');
    expect(await violations()).toEqual([]);
    const dialog = await openCancel(user);
    expect(within(dialog).getByLabelText(/^Reason/)).toBeTruthy();
    expect(await violations()).toEqual([]);
  });
});
