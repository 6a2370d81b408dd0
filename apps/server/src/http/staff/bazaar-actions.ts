import type { StaffCancelListingBody } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { recordStaffAction } from '../../core/staff-log.js';
import { staffCancelListing } from '../../modules/bazaar/cancel.js';
import { searchPagesOf } from '../../modules/bazaar/search-cache.js';
import type { Staff } from './accounts.js';

/**
 * `POST /diwan/bazaar/{id}/cancel` (docs/operations.md, "Moderation"): staff cancel any open
 * listing, an auction with bids too. The Bazaar returns the escrow, releases the held bid and
 * tells the seller; the staff-log row is written in the same transaction, so the cancel and its
 * record commit together. A closed listing is 409 LISTING_CLOSED: the listing's row lock
 * decides, so of two cancels at once exactly one succeeds.
 */
export async function staffCancelBazaarListing(
  db: Db,
  id: number,
  body: StaffCancelListingBody,
  staff: Staff,
  now: Date,
): Promise<number> {
  const logged = await withRetry(() =>
    db.transaction(async (tx) => {
      // The Bazaar's own transaction runs inside this one (a savepoint).
      const { listing } = await staffCancelListing(tx, staff.actor.id ?? 0, id, body.reason, now);
      return recordStaffAction(tx, {
        actor: staff.actor,
        action: 'bazaar.cancel',
        targetUserId: listing.seller.profileid,
        reason: staff.reason,
        details: {
          listingId: listing.id,
          kind: listing.kind,
          title: listing.title,
          currency: listing.currency,
          price: listing.price,
          quantity: listing.quantity,
          heroId: listing.heroid,
          landId: listing.landid,
          item: listing.item,
          bids: listing.auction?.bids ?? 0,
        },
        at: now,
      });
    }),
  );
  // This process's kept search pages must not show the listing any longer (search-cache.ts).
  searchPagesOf(db).wrote();
  return logged;
}
