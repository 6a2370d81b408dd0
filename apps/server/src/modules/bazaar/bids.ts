import { sql } from 'drizzle-orm';
import { BazaarErrorCode, ErrorCode, type BazaarAnswer } from '@aleph/contracts';
import { endAfterBid, minNextBid } from '@aleph/rules';
import { ChangeBook } from '../../core/change-book.js';
import { writeMessages } from '../../core/inbox.js';
import type { Db, Tx } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { assertFunds, balanceIn, heldBidOf, lockWallets, money, releaseHeldBid } from './holds.js';
import { Notices } from './notices.js';
import {
  assertOpen,
  listingClosed,
  listingNotFound,
  lockListingRow,
  ownListing,
  PastEnd,
} from './sale.js';
import { settleIfDue } from './settle.js';
import { listingAnswer } from './listing-answer.js';

/**
 * `POST /souq/bazaar/listings/{id}/bids` (docs/api.md, Bazaar): the amount is held from the
 * bidder's treasury (`bazaar:bid`) and the previous leader's hold released at once
 * (`bazaar:release`), all under the listing's row lock, so parallel bids take turns and the
 * highest valid one leads.
 */
export async function placeBid(
  db: Db,
  bidderId: number,
  id: number,
  amount: number,
  now: Date,
): Promise<BazaarAnswer> {
  try {
    return await withRetry(() => db.transaction((tx) => bidIn(tx, bidderId, id, amount, now)));
  } catch (err) {
    if (!(err instanceof PastEnd)) throw err;
    await settleIfDue(db, id, now).catch(() => false);
    throw listingClosed();
  }
}

async function bidIn(tx: Tx, bidderId: number, id: number, amount: number, now: Date) {
  const listing = await lockListingRow(tx, id);
  if (!listing) throw listingNotFound();
  if (listing.auctionDays === null || listing.startPrice === null) {
    throw conflict(BazaarErrorCode.notAnAuction, 'This listing has a fixed price: buy it instead.');
  }
  assertOpen(listing, now);
  if (listing.sellerId === bidderId) throw ownListing();
  const min = minNextBid(listing.startPrice, listing.currentBid);
  if (amount < min) {
    throw conflict(
      BazaarErrorCode.bidTooLow,
      `The lowest bid accepted now is ${min} ${listing.currency}.`,
      'amount',
    );
  }
  // A bid that reaches the buy-now price would pay more than buying: buy it instead.
  if (listing.buyNow !== null && amount >= listing.buyNow) {
    throw badRequest(
      ErrorCode.validation,
      `Buy it now for ${listing.buyNow} ${listing.currency}: a bid must stay below the buy-now price.`,
      'amount',
    );
  }
  const held = await heldBidOf(tx, listing.id);
  const wallets = await lockWallets(tx, [bidderId, ...(held ? [held.bidderId] : [])]);
  const wallet = wallets.get(bidderId) ?? { gold: 0, platinum: 0 };
  // A leader raising their own bid has the old hold back first.
  const own = held?.bidderId === bidderId ? held.amount : 0;
  assertFunds(listing.currency, amount, balanceIn(listing.currency, wallet) + own);

  const book = new ChangeBook();
  const notices = new Notices(book, listing, now);
  const released = await releaseHeldBid(tx, book, listing, now);
  if (released && released.bidderId !== bidderId) {
    notices.outbid(released.bidderId, released.amount, amount);
  }
  book.profile(bidderId, money(listing.currency, -amount), {
    cause: 'bazaar:bid',
    causeId: listing.id,
    at: now,
  });
  await tx.execute(sql`insert into bazaar_bids (listing_id, bidder_id, amount, status, created_at)
    values (${listing.id}, ${bidderId}, ${amount}, 'held', ${now})`);
  const endsAt = new Date(endAfterBid(listing.endsAt.getTime(), now.getTime()));
  await tx.execute(sql`update bazaar_listings set price = ${amount}, current_bid = ${amount},
      bidder_id = ${bidderId}, bid_count = bid_count + 1, ends_at = ${endsAt}
    where id = ${listing.id}`);
  await writeMessages(tx, notices.messages, { events: book.events });
  await book.flush(tx, { at: now });
  return listingAnswer(tx, listing.id, bidderId, now);
}
