import { sql } from 'drizzle-orm';
import { BazaarErrorCode, ErrorCode } from '@aleph/contracts';
import {
  addElementals,
  leftoverAt,
  productivity,
  vaultCap,
  type Element,
  type LandState,
} from '@aleph/rules';
import type { ChangeBook } from '../../core/change-book.js';
import { queryOwnLandForUpdate } from '../../core/land-query.js';
import { queryRows, type Executor } from '../../db/client.js';
import { AppError, conflict } from '../../lib/errors.js';
import type { ListingRow } from './holds.js';

/**
 * What a sale moves to the buyer (docs/game-rules.md, Bazaar): a hero (without residence), a
 * land (its unclaimed gold paid to the seller first) or goods into one of the buyer's lands.
 * The caller holds the listing's and both profiles' row locks; lands are locked here, after them.
 */

const cause = (listing: ListingRow, name: string, at: Date) => ({
  cause: `bazaar:${name}`,
  causeId: listing.id,
  at,
});

/** A listing whose hero or land is no longer where escrow keeps it: a bug, never client input. */
const escrowBroken = (listing: ListingRow) =>
  new Error(`bazaar listing ${listing.id}: escrow broken`);

export async function deliverHero(
  tx: Executor,
  book: ChangeBook,
  listing: ListingRow,
  buyerId: number,
) {
  const heroId = listing.heroId;
  const moved = await queryRows<{ id: number }>(
    tx,
    sql`update heroes set owner_id = ${buyerId}, residence_id = null
        where id = ${heroId} and owner_id = ${listing.sellerId} returning id`,
  );
  if (heroId === null || moved.length === 0) throw escrowBroken(listing);
  // Escrow keeps a listed hero out of the defence team; a stale id must not follow the seller.
  await tx.execute(sql`update arena_players set defence = array_remove(defence, ${heroId})
    where profile_id = ${listing.sellerId} and ${heroId} = any(defence)`);
  book.events.heroChanged(listing.sellerId, [heroId]);
  book.events.heroChanged(buyerId, [heroId]);
}

/**
 * The land's whole unclaimed gold goes to the seller (`bazaar:landgold`), as a gold claim would
 * move it; the fraction stays on the land. Then the land, with its towers, vaults, shards and
 * inventory, is the buyer's.
 */
export async function deliverLand(
  tx: Executor,
  book: ChangeBook,
  listing: ListingRow,
  buyerId: number,
  now: Date,
) {
  const landId = listing.landId;
  const land = landId === null ? null : await queryOwnLandForUpdate(tx, landId, listing.sellerId);
  if (!land) throw escrowBroken(listing);
  const own = book.track(land);
  const leftover = leftoverAt(own.gold, productivity(own.towers, own.terrain), now.getTime());
  const gold = Math.floor(leftover);
  const why = cause(listing, 'landgold', now);
  book.landGold(land.id, { leftover: leftover - gold, at: now.getTime() }, -gold, why);
  book.profile(listing.sellerId, { gold }, why);
  // Escrow refuses residents to a listed land; none may stay behind with the seller's key.
  await tx.execute(sql`update heroes set residence_id = null where residence_id = ${land.id}`);
  await tx.execute(sql`update lands set owner_id = ${buyerId} where id = ${land.id}`);
  book.events.landChanged(buyerId, [land.id]);
}

/** Elementals the land's vault of `el` can still take at `now`. */
export function roomFor(land: LandState, el: Element, now: Date): number {
  const fit = addElementals(
    land.vault[el],
    land.seals[el],
    vaultCap(land.towers[el]),
    Number.MAX_SAFE_INTEGER,
    now.getTime(),
    land.improvements?.[el] ?? 0,
  );
  return fit.amount;
}

export const isElementals = (l: ListingRow) => l.item === 'elementals';
export const elementOf = (l: ListingRow) => (l.element ?? 0) as Element;

/** 409 VAULT_FULL: the buyer's land cannot hold the elementals; nothing changed. */
export const vaultFull = () =>
  conflict(
    BazaarErrorCode.vaultFull,
    "This land's vault has no room for these elementals. Choose another land or upgrade its tower.",
    'landid',
  );

/** One of the buyer's lands, locked: `landid`, else their first land by id. 404 for another's. */
export async function buyersLand(tx: Executor, buyerId: number, landid: number | undefined) {
  let id = landid;
  if (id === undefined) {
    const [first] = await queryRows<{ id: number }>(
      tx,
      sql`select id from lands where owner_id = ${buyerId} order by id limit 1`,
    );
    id = first?.id;
  }
  const land = id === undefined ? null : await queryOwnLandForUpdate(tx, id, buyerId);
  if (!land) throw new AppError(404, ErrorCode.landNotFound, 'Land not found.', 'landid');
  return land;
}

/** Goods into `land` (tracked in the book) as `bazaar:deliver`; the caller checked the room. */
export function deliverGoods(book: ChangeBook, listing: ListingRow, land: LandState, now: Date) {
  book.track(land);
  const why = cause(listing, 'deliver', now);
  const q = listing.quantity;
  if (isElementals(listing)) {
    const added = book.addElementals(land.id, elementOf(listing), q, why);
    if (added !== q) throw vaultFull();
  } else if (listing.item === 'shards') book.shards(land.id, elementOf(listing), q, why);
  else if (listing.item) book.items(land.id, { [listing.item]: q }, why);
  else throw escrowBroken(listing);
}
