import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BazaarErrorCode, type ListedHero, type ListingDetails } from '@aleph/contracts';
import type { Db, Executor } from '../../db/client.js';
import { bazaarListings, profiles } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { listedLand } from './read-land.js';
import { summaryOf } from './read-summary.js';

const buyers = alias(profiles, 'buyer');

interface BidJson {
  amount: number | string;
  at: string;
  bidder: number;
  nickname: string;
}

/** An auction's bids, highest first (the latest 20: each bid beats the one before). */
const BIDS = sql<BidJson[] | null>`(select json_agg(json_build_object('amount', b.amount,
    'at', b.created_at, 'bidder', b.bidder_id, 'nickname', p.nickname) order by b.amount desc, b.id desc)
  from (select * from bazaar_bids where listing_id = ${bazaarListings.id}
    order by amount desc, id desc limit 20) b
  join profiles p on p.id = b.bidder_id)`;

const HERO = sql<ListedHero | null>`(select json_build_object('heroid', h.id, 'name', h.name,
    'rarity', h.rarity, 'element', h.element, 'sex', h.sex, 'generation', h.generation,
    'level', h.level, 'xp', h.xp, 'skills', h.skills, 'upskills', h.upskills)
  from heroes h where h.id = ${bazaarListings.heroId} and ${bazaarListings.kind} = 'hero')`;

/**
 * One listing with what a buyer needs to judge it (docs/api.md, Bazaar): the row, both parties,
 * the bids and a hero in one query, a land in a second. Usable inside a transaction, so a
 * write answers with the listing as it committed it. 404 LISTING_NOT_FOUND when there is none.
 */
export async function listingDetails(
  db: Db | Executor,
  id: number,
  viewerId: number,
  now: Date,
): Promise<ListingDetails> {
  const [r] = await db
    .select({
      listing: bazaarListings,
      sellerName: profiles.nickname,
      buyerName: buyers.nickname,
      bids: BIDS,
      hero: HERO,
    })
    .from(bazaarListings)
    .innerJoin(profiles, eq(profiles.id, bazaarListings.sellerId))
    .leftJoin(buyers, eq(buyers.id, bazaarListings.buyerId))
    .where(eq(bazaarListings.id, id));
  if (!r) throw notFound('Listing not found.', BazaarErrorCode.listingNotFound);
  const row = r.listing;
  const land =
    row.kind === 'land' && row.landId !== null ? await listedLand(db, row.landId, now) : null;
  return {
    ...summaryOf(row, { profileid: row.sellerId, nickname: r.sellerName }),
    hero: r.hero,
    land,
    bidHistory: (r.bids ?? []).map((b) => ({
      amount: Number(b.amount),
      at: new Date(b.at).toISOString(),
      bidder: { profileid: b.bidder, nickname: b.nickname },
    })),
    mine: row.sellerId === viewerId,
    // Only while open: a buy-now purchase keeps the last leader as history, not as a lead.
    leading:
      row.status === 'open' &&
      row.auctionDays !== null &&
      row.bidderId !== null &&
      row.bidderId === viewerId,
    listingFee: row.listingFee,
    salePrice: row.salePrice,
    saleFee: row.saleFee,
    closedAt: row.closedAt?.toISOString() ?? null,
    buyer:
      row.buyerId !== null && r.buyerName !== null
        ? { profileid: row.buyerId, nickname: r.buyerName }
        : null,
  };
}
