import { BazaarErrorCode, type BazaarAnswer, type BuyListingBody } from '@aleph/contracts';
import { ChangeBook } from '../../core/change-book.js';
import { sharesCluster } from '../../core/clusters.js';
import { writeMessages } from '../../core/inbox.js';
import type { Db, Tx } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { conflict } from '../../lib/errors.js';
import { buyersLand, elementOf, isElementals, roomFor, vaultFull } from './deliver.js';
import { listingAnswer } from './listing-answer.js';
import { assertFunds, balanceIn, heldBidOf, lockWallets, releaseHeldBid } from './holds.js';
import { Notices } from './notices.js';
import {
  assertOpen,
  completeSale,
  listingClosed,
  listingNotFound,
  lockListingRow,
  ownListing,
  PastEnd,
} from './sale.js';
import { settleIfDue } from './settle.js';

const noBuyNow = () =>
  conflict(BazaarErrorCode.noBuyNow, 'This auction has no buy-now price: place a bid instead.');

/**
 * `POST /souq/bazaar/listings/{id}/buy`: a fixed-price listing, or an auction at its buy-now
 * price, in one transaction (docs/api.md, Bazaar). The listing's row lock makes exactly one of
 * many parallel buyers win; the others find it sold (409 LISTING_CLOSED).
 */
export async function buyListing(
  db: Db,
  buyerId: number,
  id: number,
  body: BuyListingBody,
  now: Date,
): Promise<BazaarAnswer> {
  try {
    return await withRetry(() => db.transaction((tx) => buyIn(tx, buyerId, id, body, now)));
  } catch (err) {
    if (!(err instanceof PastEnd)) throw err;
    // Past its end and not yet ended by the worker: end it now, so the buyer sees the outcome.
    await settleIfDue(db, id, now).catch(() => false);
    throw listingClosed();
  }
}

async function buyIn(
  tx: Tx,
  buyerId: number,
  id: number,
  body: BuyListingBody,
  now: Date,
): Promise<BazaarAnswer> {
  const listing = await lockListingRow(tx, id);
  if (!listing) throw listingNotFound();
  assertOpen(listing, now);
  if (listing.sellerId === buyerId) throw ownListing();
  const auction = listing.auctionDays !== null;
  if (auction && listing.buyNow === null) throw noBuyNow();
  const price = auction ? listing.buyNow! : listing.price;
  const held = auction ? await heldBidOf(tx, listing.id) : null;
  const wallets = await lockWallets(tx, [
    buyerId,
    listing.sellerId,
    ...(held ? [held.bidderId] : []),
  ]);
  const wallet = wallets.get(buyerId) ?? { gold: 0, platinum: 0 };
  // A leader buying at buy-now has their held bid back first.
  const own = held?.bidderId === buyerId ? held.amount : 0;
  assertFunds(listing.currency, price, balanceIn(listing.currency, wallet) + own);
  const land = listing.kind === 'goods' ? await buyersLand(tx, buyerId, body.landid) : null;
  if (land && isElementals(listing) && roomFor(land, elementOf(listing), now) < listing.quantity) {
    throw vaultFull();
  }

  const book = new ChangeBook();
  const notices = new Notices(book, listing, now);
  const released = await releaseHeldBid(tx, book, listing, now);
  if (released && released.bidderId !== buyerId) {
    notices.boughtOut(released.bidderId, released.amount, price);
  }
  const flagged = await sharesCluster(tx, listing.sellerId, buyerId, now);
  await completeSale(
    tx,
    book,
    listing,
    { buyerId, price, paid: 'pay', land, flagged },
    notices,
    now,
  );
  await writeMessages(tx, notices.messages, { events: book.events });
  await book.flush(tx, { bumpVersionsOf: [buyerId, listing.sellerId], at: now });
  return listingAnswer(tx, listing.id, buyerId, now);
}
