import { eq, sql } from 'drizzle-orm';
import { BazaarErrorCode } from '@aleph/contracts';
import { proceeds, saleFee, type LandState } from '@aleph/rules';
import type { ChangeBook } from '../../core/change-book.js';
import type { Executor } from '../../db/client.js';
import { bazaarListings } from '../../db/schema.js';
import { conflict, notFound } from '../../lib/errors.js';
import { deliverGoods, deliverHero, deliverLand } from './deliver.js';
import { money, type ListingRow } from './holds.js';
import { nicknames, type Notices } from './notices.js';

/**
 * The listing's row, locked for the transaction: the first lock of every Bazaar write (then
 * profiles by id, then lands by id), so one listing's buys, bids and its end run one at a time.
 * `skipLocked`: the settlement passes over a listing another transaction holds.
 */
export async function lockListingRow(
  tx: Executor,
  id: number,
  skipLocked = false,
): Promise<ListingRow | null> {
  const q = tx.select().from(bazaarListings).where(eq(bazaarListings.id, id));
  const [row] = await (skipLocked ? q.for('update', { skipLocked: true }) : q.for('update'));
  return row ?? null;
}

export const listingNotFound = () =>
  notFound('Listing not found.', BazaarErrorCode.listingNotFound);
export const listingClosed = () =>
  conflict(
    BazaarErrorCode.listingClosed,
    'This listing has ended: it was sold, cancelled or expired.',
  );
export const ownListing = () =>
  conflict(BazaarErrorCode.ownListing, 'You cannot buy or bid on your own listing.');

/** Open and not past its end; a listing past its end is the settlement's (`PastEnd`). */
export class PastEnd extends Error {}
export function assertOpen(listing: ListingRow, now: Date): void {
  if (listing.status !== 'open') throw listingClosed();
  if (now.getTime() >= listing.endsAt.getTime()) throw new PastEnd();
}

export interface Sale {
  buyerId: number;
  price: number;
  /** 'pay': the buyer pays now (`bazaar:buy`); 'hold': the held winning bid is the payment. */
  paid: 'pay' | 'hold';
  /** Goods: the buyer's land they go to (locked, room checked by the caller). */
  land: LandState | null;
  flagged: boolean;
}

/**
 * Completes a sale in the caller's transaction: the money (buyer's price, seller's proceeds;
 * the sale fee leaves the game), the thing, the listing's record and both players' notices.
 */
export async function completeSale(
  tx: Executor,
  book: ChangeBook,
  listing: ListingRow,
  sale: Sale,
  notices: Notices,
  now: Date,
): Promise<void> {
  const { buyerId, price } = sale;
  const why = (name: string) => ({ cause: `bazaar:${name}`, causeId: listing.id, at: now });
  if (sale.paid === 'pay') book.profile(buyerId, money(listing.currency, -price), why('buy'));
  else {
    await tx.execute(sql`update bazaar_bids set status = 'won'
      where listing_id = ${listing.id} and status = 'held' and bidder_id = ${buyerId}`);
  }
  book.profile(listing.sellerId, money(listing.currency, proceeds(price)), why('sale'));
  let where: string;
  if (listing.kind === 'hero') {
    await deliverHero(tx, book, listing, buyerId);
    where = 'The hero is among yours now, without a residence yet.';
  } else if (listing.kind === 'land') {
    await deliverLand(tx, book, listing, buyerId, now);
    where = 'The land is yours now, with its towers, vaults and inventory.';
  } else {
    if (!sale.land) throw new Error(`bazaar listing ${listing.id}: goods without a land`);
    deliverGoods(book, listing, sale.land, now);
    where = `The goods are in your land #${sale.land.id}.`;
  }
  await tx.execute(sql`update bazaar_listings set status = 'sold', buyer_id = ${buyerId},
      sale_price = ${price}, sale_fee = ${saleFee(price)}, closed_at = ${now}, flagged = ${sale.flagged}
    where id = ${listing.id}`);
  const names = await nicknames(tx, [listing.sellerId, buyerId]);
  notices.sold(
    listing.sellerId,
    { id: buyerId, nickname: names.get(buyerId) ?? '' },
    names.get(listing.sellerId) ?? '',
    price,
    where,
  );
}
