import { sql } from 'drizzle-orm';
import { EconomyErrorCode } from '@aleph/contracts';
import type { ChangeBook, ProfileChange } from '../../core/change-book.js';
import { queryRows, type Executor } from '../../db/client.js';
import type { bazaarListings } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';

/**
 * Money the Bazaar moves between players (docs/game-rules.md, Bazaar): bids held from the
 * bidder's treasury, released when outbid, and the wallets a trade locks.
 */
export type ListingRow = typeof bazaarListings.$inferSelect;
export type Currency = 'gold' | 'platinum';
export interface Wallet {
  gold: number;
  platinum: number;
}
export interface HeldBid {
  id: number;
  bidderId: number;
  amount: number;
}

/** A change of `amount` in the listing's currency. */
export const money = (currency: string, amount: number): ProfileChange =>
  currency === 'platinum' ? { platinum: amount } : { gold: amount };

export const balanceIn = (currency: string, w: Wallet): number =>
  currency === 'platinum' ? w.platinum : w.gold;

/** 409 NOT_ENOUGH_GOLD / NOT_ENOUGH_PLATINUM (the /souq economy's codes); nothing changed. */
export function assertFunds(currency: string, need: number, have: number): void {
  if (have >= need) return;
  if (currency === 'platinum') {
    throw conflict(
      EconomyErrorCode.notEnoughPlatinum,
      `This costs ${need} platinum and you have ${have}.`,
    );
  }
  throw conflict(
    EconomyErrorCode.notEnoughGold,
    `This costs ${need} gold and your treasury holds ${Math.floor(have)}.`,
  );
}

/**
 * Locks the profiles of a trade in ascending id order, after the listing's row and before any
 * land (the Bazaar's lock order, so a buy, a bid and the settlement never deadlock), and
 * answers their treasuries.
 */
export async function lockWallets(
  tx: Executor,
  ids: readonly number[],
): Promise<Map<number, Wallet>> {
  const list = [...new Set(ids)].sort((a, b) => a - b);
  const rows = await queryRows<{ id: number; gold: string; platinum: string }>(
    tx,
    sql`select id, gold, platinum from profiles
        where id = any(${`{${list.join(',')}}`}::int[]) order by id for update`,
  );
  return new Map(
    rows.map((r) => [Number(r.id), { gold: Number(r.gold), platinum: Number(r.platinum) }]),
  );
}

/** The listing's held bid (the leading one), if any; the listing's row lock guards it. */
export async function heldBidOf(tx: Executor, listingId: number): Promise<HeldBid | null> {
  const [row] = await queryRows<{ id: number; bidder_id: number; amount: string }>(
    tx,
    sql`select id, bidder_id, amount from bazaar_bids where listing_id = ${listingId} and status = 'held'`,
  );
  return row ? { id: row.id, bidderId: row.bidder_id, amount: Number(row.amount) } : null;
}

/**
 * Releases the listing's held bid, if any: its amount goes back to the bidder's treasury
 * (`bazaar:release`) and the bid is 'released'. Answers the released bid. The caller holds the
 * listing's row lock and flushes `book`; a staff cancel and an auction bought at its buy-now
 * price call it too.
 */
export async function releaseHeldBid(
  tx: Executor,
  book: ChangeBook,
  listing: Pick<ListingRow, 'id' | 'currency'>,
  now: Date,
): Promise<HeldBid | null> {
  const [row] = await queryRows<{ id: number; bidder_id: number; amount: string }>(
    tx,
    sql`update bazaar_bids set status = 'released', released_at = ${now}
        where listing_id = ${listing.id} and status = 'held'
        returning id, bidder_id, amount`,
  );
  if (!row) return null;
  const bid = { id: row.id, bidderId: row.bidder_id, amount: Number(row.amount) };
  book.profile(bid.bidderId, money(listing.currency, bid.amount), {
    cause: 'bazaar:release',
    causeId: listing.id,
    at: now,
  });
  return bid;
}
