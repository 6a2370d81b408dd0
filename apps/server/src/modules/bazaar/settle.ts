import { sql } from 'drizzle-orm';
import type { LandState } from '@aleph/rules';
import { ChangeBook } from '../../core/change-book.js';
import { sharesCluster } from '../../core/clusters.js';
import { writeMessages } from '../../core/inbox.js';
import { queryOwnLandForUpdate } from '../../core/land-query.js';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { AppError } from '../../lib/errors.js';
import { buyersLand, elementOf, isElementals, roomFor } from './deliver.js';
import { returnEscrow } from './escrow.js';
import { heldBidOf, lockWallets, releaseHeldBid, type ListingRow } from './holds.js';
import { Notices } from './notices.js';
import { completeSale, lockListingRow } from './sale.js';

/**
 * The end of listings (docs/game-rules.md, Bazaar): an auction with a bid is sold to its leader
 * (the held bid is the payment), anything else expires and its escrow goes back. Each listing
 * ends in a transaction of its own under its row lock taken with SKIP LOCKED, so with several
 * server processes each listing ends exactly once, and a listing a buyer holds is left to them.
 */

/** Ends listing `id` if it is open and due at `now`; answers whether this call ended it. */
export async function settleIfDue(db: Db, id: number, now: Date): Promise<boolean> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const listing = await lockListingRow(tx, id, true);
      if (!listing || listing.status !== 'open' || listing.endsAt.getTime() > now.getTime()) {
        return false;
      }
      await endListing(tx, listing, now);
      return true;
    }),
  );
}

/**
 * Ends up to `batch` due listings, oldest end first; answers how many it ended. One refused with
 * a game error (its seller has no vault with room for its elementals back: 409 VAULT_FULL) stays
 * due and is tried again on the next tick while the others still end; any other failure (the
 * database) is thrown after the rest were tried.
 */
export async function settleDueListings(db: Db, now: Date, batch: number): Promise<number> {
  const due = await queryRows<{ id: number }>(
    db,
    sql`select id from bazaar_listings where status = 'open' and ends_at <= ${now}
        order by ends_at, id limit ${batch}`,
  );
  let ended = 0;
  let failure: unknown = null;
  for (const { id } of due) {
    try {
      if (await settleIfDue(db, id, now)) ended += 1;
    } catch (err) {
      if (!(err instanceof AppError)) failure ??= err;
    }
  }
  if (failure) throw failure;
  return ended;
}

async function endListing(tx: Tx, listing: ListingRow, now: Date): Promise<void> {
  const book = new ChangeBook();
  const notices = new Notices(book, listing, now);
  const held = listing.auctionDays !== null ? await heldBidOf(tx, listing.id) : null;
  await lockWallets(tx, [listing.sellerId, ...(held ? [held.bidderId] : [])]);
  const land =
    held && listing.kind === 'goods' ? await winnersLand(tx, held.bidderId, listing, now) : null;
  if (held && (listing.kind !== 'goods' || land)) {
    const flagged = await sharesCluster(tx, listing.sellerId, held.bidderId, now);
    const sale = {
      buyerId: held.bidderId,
      price: held.amount,
      paid: 'hold' as const,
      land,
      flagged,
    };
    await completeSale(tx, book, listing, sale, notices, now);
  } else {
    if (held) {
      // The winner has no vault with room for the elementals: nothing changes hands.
      await releaseHeldBid(tx, book, listing, now);
      notices.noRoom(listing.sellerId, held.bidderId, held.amount);
    } else notices.expired(listing.sellerId);
    await returnEscrow(tx, book, listing, now);
    await tx.execute(sql`update bazaar_listings set status = 'expired', closed_at = ${now}
      where id = ${listing.id}`);
  }
  await writeMessages(tx, notices.messages, { events: book.events });
  const players = [listing.sellerId, ...(held ? [held.bidderId] : [])];
  await book.flush(tx, { bumpVersionsOf: players, at: now });
}

/**
 * Where an auction's goods go: the winner's first land; elementals that its vault cannot take
 * go to the winner's land with the most room, and with no room anywhere, null.
 */
async function winnersLand(
  tx: Tx,
  winnerId: number,
  listing: ListingRow,
  now: Date,
): Promise<LandState | null> {
  if (!isElementals(listing)) return buyersLand(tx, winnerId, undefined);
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`select id from lands where owner_id = ${winnerId} order by id`,
  );
  const lands: LandState[] = [];
  for (const { id } of ids) {
    const land = await queryOwnLandForUpdate(tx, id, winnerId);
    if (land) lands.push(land);
  }
  const el = elementOf(listing);
  const fits = (l: LandState) => roomFor(l, el, now) >= listing.quantity;
  if (lands[0] && fits(lands[0])) return lands[0];
  const best = lands.reduce<LandState | null>(
    (b, l) => (b === null || roomFor(l, el, now) > roomFor(b, el, now) ? l : b),
    null,
  );
  return best && fits(best) ? best : null;
}
