import { eq, sql } from 'drizzle-orm';
import { addElementals, vaultCap, type Element, type LandState } from '@aleph/rules';
import { BazaarErrorCode } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { bazaarListings } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import type { ChangeBook } from '../../core/change-book.js';
import { lockOwnLand } from '../../core/state.js';
import type { ListingRow } from './read-summary.js';

/**
 * What a listing holds and gives back (docs/game-rules.md, Bazaar). A listed hero or land never
 * left its owner (core/escrow.ts freezes it), so closing the listing frees it; listed goods left
 * their land into the listing and go back to a land of the seller's.
 */

/** The listing's row, locked for the rest of the transaction (before any profile or land). */
export async function lockListing(tx: Executor, id: number): Promise<ListingRow | null> {
  const [row] = await tx
    .select()
    .from(bazaarListings)
    .where(eq(bazaarListings.id, id))
    .for('update');
  return row ?? null;
}

/** Elementals a land's vault takes now, at most (its cap less what it holds). */
function room(land: LandState, el: Element, now: Date): number {
  const cap = vaultCap(land.towers[el]);
  const steps = land.improvements?.[el] ?? 0;
  return addElementals(land.vault[el], land.seals[el], cap, Infinity, now.getTime(), steps).amount;
}

/**
 * The seller's lands that may take goods back, the source land first: lands still theirs and
 * not themselves listed (a listed land's inventory is part of what it sells).
 */
async function returnLands(tx: Executor, listing: ListingRow): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select l.id from lands l where l.owner_id = ${listing.sellerId}
        and not exists(select 1 from bazaar_listings b where b.status = 'open' and b.land_id = l.id)
        order by (l.id = ${listing.sourceLandId ?? 0}) desc, l.id`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * Gives back what the listing holds, booked in `book` with cause `bazaar:return` (the caller
 * flushes it and closes the listing). Items and shards go to the source land, or the seller's
 * first land when that is no longer theirs. Elementals go whole to the first of those lands
 * whose vault has room for all of them: putting in only what fits would destroy the rest. With
 * no such land it throws 409 VAULT_FULL and nothing changes: a cancel is refused, an expiry is
 * tried again later (docs/game-rules.md, Bazaar).
 */
export async function returnEscrow(
  tx: Executor,
  book: ChangeBook,
  listing: ListingRow,
  now: Date,
): Promise<void> {
  if (listing.kind !== 'goods' || listing.item === null) return;
  const why = { cause: 'bazaar:return', causeId: listing.id, at: now };
  const el = (listing.element ?? 0) as Element;
  const q = listing.quantity;
  for (const id of await returnLands(tx, listing)) {
    const locked = await lockOwnLand(tx, id, listing.sellerId);
    if (!locked) continue;
    const land = book.track(locked);
    if (listing.item === 'shards') book.shards(land.id, el, q, why);
    else if (listing.item !== 'elementals') book.items(land.id, { [listing.item]: q }, why);
    else if (room(land, el, now) >= q) book.addElementals(land.id, el, q, why);
    else continue;
    return;
  }
  throw conflict(
    BazaarErrorCode.vaultFull,
    `No land of the seller has room in its vault for ${q} elementals; upgrade a tower or make room.`,
  );
}
