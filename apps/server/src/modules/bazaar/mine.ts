import { and, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BazaarTrade, MyBazaar } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { bazaarBids, bazaarListings as L, profiles } from '../../db/schema.js';
import { summaryOf } from './read-summary.js';

/** Closed listings, purchases and sales My Bazaar shows, each the newest. */
const RECENT = 50;
/** How long an ended auction stays among the caller's bids. */
const BIDS_KEPT_MS = 7 * 86_400_000;
/** Auctions among the caller's bids, at most (the newest bid first). */
const BIDS_SHOWN = 100;

const seller = alias(profiles, 'seller');
const buyer = alias(profiles, 'buyer');
const party = (profileid: number | null, nickname: string | null) => ({
  profileid: profileid ?? 0,
  nickname: nickname ?? '',
});

/**
 * My Bazaar (docs/api.md, Bazaar): the caller's listings (open, then the last closed ones),
 * their bids, purchases and sales with the fees of each. Four reads, each along an index of its
 * own (bazaar-schema.ts: by seller, by buyer, by bidder).
 */
export async function myBazaar(db: Db, profileId: number, now: Date): Promise<MyBazaar> {
  return {
    listings: await ownListings(db, profileId),
    bids: await ownBids(db, profileId, now),
    purchases: await trades(db, profileId, 'buyer'),
    sales: await trades(db, profileId, 'seller'),
  };
}

async function ownListings(db: Db, profileId: number) {
  const rows = await db
    .select({ listing: L, nickname: seller.nickname })
    .from(L)
    .innerJoin(seller, eq(seller.id, L.sellerId))
    .where(and(eq(L.sellerId, profileId), sql`${L.status} = 'open'`))
    .orderBy(desc(L.createdAt), desc(L.id));
  const closed = await db
    .select({ listing: L, nickname: seller.nickname })
    .from(L)
    .innerJoin(seller, eq(seller.id, L.sellerId))
    .where(and(eq(L.sellerId, profileId), inArray(L.status, ['cancelled', 'expired'])))
    .orderBy(desc(L.closedAt), desc(L.id))
    .limit(RECENT);
  return [...rows, ...closed].map((r) => ({
    ...summaryOf(r.listing, party(r.listing.sellerId, r.nickname)),
    listingFee: r.listing.listingFee,
  }));
}

async function ownBids(db: Db, profileId: number, now: Date) {
  // The caller's bids by auction: the highest, whether one is held, the latest time.
  const mine = db
    .select({
      listingId: bazaarBids.listingId,
      amount: sql<string>`max(${bazaarBids.amount})`.as('amount'),
      held: sql<boolean>`bool_or(${bazaarBids.status} = 'held')`.as('held'),
      at: sql<string>`max(${bazaarBids.createdAt})`.as('at'),
    })
    .from(bazaarBids)
    .where(eq(bazaarBids.bidderId, profileId))
    .groupBy(bazaarBids.listingId)
    .as('mine');
  const since = new Date(now.getTime() - BIDS_KEPT_MS);
  const rows = await db
    .select({
      listing: L,
      nickname: seller.nickname,
      amount: mine.amount,
      held: mine.held,
      at: mine.at,
    })
    .from(mine)
    .innerJoin(L, eq(L.id, mine.listingId))
    .innerJoin(seller, eq(seller.id, L.sellerId))
    .where(or(sql`${L.status} = 'open'`, gt(L.closedAt, since)))
    .orderBy(desc(mine.at), desc(L.id))
    .limit(BIDS_SHOWN);
  return rows.map((r) => ({
    listing: summaryOf(r.listing, party(r.listing.sellerId, r.nickname)),
    amount: Number(r.amount),
    held: r.held,
    at: new Date(r.at).toISOString(),
  }));
}

/** Sold listings the caller bought or sold, the newest sale first. */
async function trades(db: Db, profileId: number, as: 'buyer' | 'seller'): Promise<BazaarTrade[]> {
  const rows = await db
    .select({ listing: L, seller: seller.nickname, buyer: buyer.nickname })
    .from(L)
    .innerJoin(seller, eq(seller.id, L.sellerId))
    .leftJoin(buyer, eq(buyer.id, L.buyerId))
    .where(and(eq(as === 'buyer' ? L.buyerId : L.sellerId, profileId), sql`${L.status} = 'sold'`))
    .orderBy(desc(L.closedAt), desc(L.id))
    .limit(RECENT);
  return rows.map(({ listing: row, ...names }) => {
    const price = row.salePrice ?? row.price;
    const fee = row.saleFee ?? 0;
    return {
      listing: summaryOf(row, party(row.sellerId, names.seller)),
      price,
      saleFee: fee,
      listingFee: row.listingFee,
      proceeds: price - fee,
      // A buyer's account deleted since (buyer_id set null) shows as nobody.
      counterpart:
        as === 'buyer' ? party(row.sellerId, names.seller) : party(row.buyerId, names.buyer),
      at: (row.closedAt ?? row.createdAt).toISOString(),
    };
  });
}
