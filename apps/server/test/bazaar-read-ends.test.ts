import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.js';
import { DAY, expectBooksBalanced } from './game-helpers.js';
import { getListing, trader } from './bazaar-test-kit.js';
import { bid, heroAuction, heroRow, listingRow } from './bazaar-trade-kit.js';

/**
 * A listing's page ends a listing past its end that the worker has not reached yet
 * (docs/api.md, Bazaar): the winner and seller read the outcome at once, not a second later.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

describe('reading a listing past its end', () => {
  it('shows the auction sold to its leader, and the hero is the winner’s', async () => {
    const seller = await trader(ctx);
    const winner = await trader(ctx);
    const id = await heroAuction(ctx, seller, 500);
    expect((await bid(ctx, winner.cookie, id, 600)).status).toBe(200);
    const open = await getListing(ctx.app, seller.cookie, id);
    expect(open.body.status).toBe('open');

    ctx.clock.advance(DAY + 1);
    // No worker runs in this test: the read itself ends the auction.
    const page = await getListing(ctx.app, seller.cookie, id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      status: 'sold',
      salePrice: 600,
      buyer: { profileid: winner.id },
    });
    expect(await heroRow(ctx, seller.heroid)).toEqual({ owner_id: winner.id, residence_id: null });
    // A second read finds it ended and ends nothing twice.
    expect((await getListing(ctx.app, winner.cookie, id)).body.status).toBe('sold');
    expect((await listingRow(ctx, id)).status).toBe('sold');
    await expectBooksBalanced(ctx);
  });

  it('shows an auction with no bid expired, the hero back with its seller', async () => {
    const seller = await trader(ctx);
    const id = await heroAuction(ctx, seller, 500);
    ctx.clock.advance(DAY + 1);
    const page = await getListing(ctx.app, seller.cookie, id);
    expect(page.body).toMatchObject({ status: 'expired', buyer: null });
    expect((await heroRow(ctx, seller.heroid)).owner_id).toBe(seller.id);
    await expectBooksBalanced(ctx);
  });
});
