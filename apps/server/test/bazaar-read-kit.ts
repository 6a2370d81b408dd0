import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { bazaarBids, bazaarListings } from '../src/db/schema.js';
import { client, starter } from './game-helpers.js';
import { signedInPlayer, type TestContext } from './helpers.js';

/**
 * Listings written straight into bazaar_listings for the read side's tests: searching, the
 * details page, My Bazaar and the price history read rows and need none of the escrow.
 */
export type ListingInsert = Partial<typeof bazaarListings.$inferInsert> & { sellerId: number };

let n = 0;

export async function insertListing(ctx: TestContext, l: ListingInsert): Promise<number> {
  const now = ctx.clock.now();
  const kind = l.kind ?? 'goods';
  const [row] = await ctx.database.db
    .insert(bazaarListings)
    .values({
      kind,
      title: `Lot ${++n}`,
      goodKey: kind === 'goods' ? 'item:LUCKY_COIN' : `${kind}:0`,
      currency: 'gold',
      price: 100,
      listingFee: 1,
      createdAt: now,
      endsAt: new Date(now.getTime() + 7 * 86_400_000),
      ...l,
    })
    .returning({ id: bazaarListings.id });
  return row!.id;
}

export async function insertBid(
  ctx: TestContext,
  b: { listingId: number; bidderId: number; amount: number; status?: string; at?: Date },
) {
  await ctx.database.db.insert(bazaarBids).values({
    listingId: b.listingId,
    bidderId: b.bidderId,
    amount: b.amount,
    status: b.status ?? 'released',
    createdAt: b.at ?? ctx.clock.now(),
  });
}

/** A signed-in player with their id, nickname and starter land and heroes. */
export async function readPlayer(ctx: TestContext) {
  const p = await signedInPlayer(ctx);
  const api = client(ctx, p.cookie);
  const [row] = await queryRows<{ id: number; nickname: string }>(
    ctx.database.db,
    sql`select p.id, p.nickname from users u join profiles p on p.id = u.id where u.login = ${p.login}`,
  );
  const own = await starter(api);
  return { api, cookie: p.cookie, id: row!.id, nickname: row!.nickname, ...own };
}
