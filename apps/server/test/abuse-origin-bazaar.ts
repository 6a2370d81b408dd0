import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { minNextBid } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import type { Call } from './abuse-players.js';
import type { TestContext } from './helpers.js';
import { bazaarKey, list, trader, type Trader } from './bazaar-test-kit.js';
import { withRole } from './staff-helpers.js';

type Case = [string, () => Promise<Call>];

/**
 * For each POST and DELETE route of the Bazaar, and the console's cancel, a request that
 * succeeds when it comes from the site (abuse-origin.test.ts). The traders and their listings
 * are made here, once: a factory runs inside the "nothing changed" check, so it only reads. Each
 * call answers a request that succeeds now: a fresh Idempotency-Key, a listing still open, the
 * lowest bid the auction takes now; two listings each, so a success leaves another.
 */
export async function bazaarOriginCases(ctx: TestContext): Promise<Case[]> {
  const traders = async (n: number) => {
    const made: Trader[] = [];
    for (let i = 0; i < n; i++) made.push(await trader(ctx, { secondLand: false }));
    return made;
  };
  const [seller, buyer, bidder] = await traders(3);
  const moderator = await withRole(ctx, 'moderator');
  const goods = (auction = false) => ({
    kind: 'goods' as const,
    landid: seller!.landid,
    item: 'TOWER_STONE',
    quantity: 1,
    currency: 'gold' as const,
    ...(auction ? { auction: { startPrice: 100, days: 1 as const } } : { price: 100 }),
  });
  /** Open listings of the seller's, made now, by what each route needs. */
  const made = { cancel: [] as number[], staff: [] as number[], buy: [] as number[] };
  for (const pool of Object.values(made)) {
    for (let i = 0; i < 2; i++) {
      const res = await list(ctx.app, seller!.cookie, goods());
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      pool.push(res.body.listing.id as number);
    }
  }
  const auction = await list(ctx.app, seller!.cookie, goods(true));
  expect(auction.status, JSON.stringify(auction.body)).toBe(201);
  const auctionId = auction.body.listing.id as number;

  const openOf = async (pool: number[]) => {
    const [row] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from bazaar_listings where id = any(${`{${pool.join(',')}}`}::int[])
        and status = 'open' order by id limit 1`,
    );
    expect(row, 'an open listing left for the origin checks').toBeDefined();
    return Number(row!.id);
  };
  return [
    [
      'POST /souq/bazaar/listings',
      async () => ({
        method: 'POST',
        url: '/souq/bazaar/listings',
        body: goods(),
        cookie: seller!.cookie,
        headers: { 'idempotency-key': bazaarKey() },
      }),
    ],
    [
      'DELETE /souq/bazaar/listings/:id',
      async () => ({
        method: 'DELETE',
        url: `/souq/bazaar/listings/${await openOf(made.cancel)}`,
        cookie: seller!.cookie,
      }),
    ],
    [
      'POST /souq/bazaar/listings/:id/buy',
      async () => ({
        method: 'POST',
        url: `/souq/bazaar/listings/${await openOf(made.buy)}/buy`,
        body: { landid: buyer!.landid },
        cookie: buyer!.cookie,
      }),
    ],
    [
      'POST /souq/bazaar/listings/:id/bids',
      async () => {
        const [row] = await queryRows<{ start_price: string; current_bid: string | null }>(
          ctx.database.db,
          sql`select start_price, current_bid from bazaar_listings where id = ${auctionId}`,
        );
        const current = row!.current_bid === null ? null : Number(row!.current_bid);
        return {
          method: 'POST',
          url: `/souq/bazaar/listings/${auctionId}/bids`,
          body: { amount: minNextBid(Number(row!.start_price), current) },
          cookie: bidder!.cookie,
        };
      },
    ],
    [
      'POST /diwan/bazaar/:id/cancel',
      async () => ({
        method: 'POST',
        url: `/diwan/bazaar/${await openOf(made.staff)}/cancel`,
        body: { reason: 'Checked by the support team' },
        cookie: moderator.cookie,
      }),
    ],
  ];
}
