import { sql } from 'drizzle-orm';
import { BazaarErrorCode, type BazaarAnswer } from '@aleph/contracts';
import type { Db, Executor } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { conflict, notFound } from '../../lib/errors.js';
import { ChangeBook } from '../../core/change-book.js';
import { writeMessages, type NewMessage } from '../../core/inbox.js';
import { lockListing, returnEscrow } from './escrow.js';
import { lockWallets, releaseHeldBid } from './holds.js';
import { listingAnswer } from './listing-answer.js';
import type { ListingRow } from './read-summary.js';

const listingNotFound = () => notFound('Listing not found.', BazaarErrorCode.listingNotFound);

/** The listing, locked, when it is open; 404 when absent (or `sellerId`'s and not theirs). */
async function openListing(tx: Executor, id: number, sellerId: number | null) {
  const listing = await lockListing(tx, id);
  if (!listing || (sellerId !== null && listing.sellerId !== sellerId)) throw listingNotFound();
  if (listing.status !== 'open') {
    throw conflict(BazaarErrorCode.listingClosed, `This listing is ${listing.status} already.`);
  }
  return listing;
}

/** Gives back what the listing holds and closes it as cancelled. */
async function close(
  tx: Executor,
  book: ChangeBook,
  listing: ListingRow,
  now: Date,
  staff?: Staff,
) {
  await returnEscrow(tx, book, listing, now);
  await tx.execute(sql`update bazaar_listings set status = 'cancelled', closed_at = ${now},
      cancelled_by = ${staff?.id ?? null}, cancel_reason = ${staff?.reason ?? null}
    where id = ${listing.id}`);
}

interface Staff {
  id: number;
  reason: string;
}

/**
 * The seller cancels an open listing (docs/api.md, Bazaar): everything it holds goes back, the
 * listing fee is not refunded. An auction with a bid cannot be cancelled: the bidder's hold
 * stands until the auction ends. Locks: the listing's row, then the seller's profile (the
 * Bazaar's order, holds.ts), then the land goods return to.
 */
export function cancelListing(
  db: Db,
  profileId: number,
  id: number,
  now: Date,
): Promise<BazaarAnswer> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const listing = await openListing(tx, id, profileId);
      if (listing.bidCount > 0) {
        throw conflict(
          BazaarErrorCode.auctionHasBids,
          'This auction has a bid; it can no longer be cancelled.',
        );
      }
      await lockWallets(tx, [profileId]);
      const book = new ChangeBook();
      await close(tx, book, listing, now);
      await book.flush(tx, { at: now });
      return listingAnswer(tx, id, profileId, now);
    }),
  );
}

/**
 * Staff cancel any open listing, even an auction with bids (docs/operations.md): the held bid
 * is released to its bidder, the escrow goes back, and the seller is told why in the inbox.
 * The staff log is the caller's (the console's route writes it in its own transaction).
 */
export function staffCancelListing(
  db: Db,
  staffId: number,
  id: number,
  reason: string,
  now: Date,
): Promise<BazaarAnswer> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const listing = await openListing(tx, id, null);
      await lockWallets(tx, [listing.sellerId, ...(listing.bidderId ? [listing.bidderId] : [])]);
      const book = new ChangeBook();
      const released = await releaseHeldBid(tx, book, listing, now);
      await close(tx, book, listing, now, { id: staffId, reason });
      const title = `<b>${escapeHtml(listing.title)}</b>`;
      const messages: NewMessage[] = [
        {
          profileId: listing.sellerId,
          subject: `Your Bazaar listing was cancelled: ${listing.title}`,
          body: `<p>The game's staff cancelled your listing ${title}. Everything it held is yours again.</p><p>Reason: ${escapeHtml(reason)}</p>`,
          kind: 'system',
          at: now,
        },
      ];
      // The leading bidder sees their hold come back and is told why (not the staff's reason).
      if (released)
        messages.push({
          profileId: released.bidderId,
          subject: `Auction cancelled: ${listing.title}`,
          body: `<p>The game's staff cancelled the auction of ${title}. Your bid of ${released.amount.toLocaleString('en-US')} ${listing.currency} is back in your treasury.</p>`,
          kind: 'system',
          at: now,
        });
      await writeMessages(tx, messages, { events: book.events });
      await book.flush(tx, { at: now });
      return listingAnswer(tx, id, listing.sellerId, now);
    }),
  );
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
