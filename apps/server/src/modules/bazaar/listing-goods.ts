import { sql } from 'drizzle-orm';
import {
  ELEMENT_NAMES,
  itemByCode,
  landVolumeAt,
  listRefusal,
  type Element,
  type LandState,
} from '@aleph/rules';
import { BazaarErrorCode } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import type { ChangeBook, Cause } from '../../core/change-book.js';
import { assertLandNotListed } from '../../core/escrow.js';
import { landNotFound } from '../../core/not-found.js';
import { lockOwnLand } from '../../core/state.js';
import type { ListingRequest } from './listing-body.js';
import { refused, type PreparedListing } from './listing-facts.js';

/** The goods' name on a card: "5 × Tower Stone", "300 Fire elementals", "4 Water shards". */
export function goodsTitle(item: string, element: number | null, quantity: number): string {
  if (item === 'elementals' || item === 'shards') {
    return `${quantity} ${ELEMENT_NAMES[(element ?? 0) as Element]} ${item}`;
  }
  return `${quantity} × ${itemByCode(item)?.item_name ?? item}`;
}

/** The price history's series of goods: 'item:<code>', 'elementals:<e>', 'shards:<e>'. */
export const goodsKey = (item: string, element: number | null) =>
  item === 'elementals' || item === 'shards' ? `${item}:${element ?? 0}` : `item:${item}`;

/** How many of the goods the (locked) land holds now; elementals as whole units. */
async function available(tx: Executor, land: LandState, req: ListingRequest, now: Date) {
  const el = (req.elemid ?? 0) as Element;
  if (req.item === 'elementals') return Math.floor(landVolumeAt(land, el, now.getTime()));
  if (req.item === 'shards') return land.shards[el];
  const [row] = await queryRows<{ balance: string }>(
    tx,
    sql`select balance from land_items where land_id = ${land.id} and item_code = ${req.item}`,
  );
  return Number(row?.balance ?? 0);
}

/**
 * Goods from one land's inventory: its row locked, refused when it is itself listed (its
 * inventory is sold with it), judged by the rules, then moved into the listing's escrow by the
 * caller's change book (cause `bazaar:list`) once the listing has its id.
 */
export async function goodsFacts(
  tx: Executor,
  sellerId: number,
  req: ListingRequest,
  now: Date,
): Promise<PreparedListing> {
  const landId = req.landid!;
  const item = req.item!;
  const land = await lockOwnLand(tx, landId, sellerId);
  if (!land) throw landNotFound();
  await assertLandNotListed(tx, landId);
  const have = await available(tx, land, req, now);
  const why = listRefusal({ kind: 'goods', available: have, quantity: req.quantity });
  if (why) throw refused(why, 'quantity');
  const el = (req.elemid ?? 0) as Element;
  const q = req.quantity;
  return {
    lands: [land],
    facts: {
      heroId: null,
      landId: null,
      item,
      sourceLandId: landId,
      quantity: q,
      title: goodsTitle(item, req.elemid, q),
      goodKey: goodsKey(item, req.elemid),
      rarity: null,
      element: req.elemid,
      terrain: null,
      level: null,
      skills: null,
    },
    escrow: (book: ChangeBook, cause: Cause) => {
      if (item === 'shards') book.shards(landId, el, -q, cause);
      else if (item !== 'elementals') book.items(landId, { [item]: -q }, cause);
      else if (!book.withdrawElementals(landId, el, q, cause)) {
        throw conflict(
          BazaarErrorCode.notEnoughGoods,
          'This land does not hold that many.',
          'quantity',
        );
      }
    },
  };
}
