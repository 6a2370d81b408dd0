import { sql } from 'drizzle-orm';
import type { Rng } from '@aleph/rules';
import type { CreateListingBody } from '@aleph/contracts';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { placeBid } from '../modules/bazaar/bids.js';
import { buyListing } from '../modules/bazaar/buy.js';
import { createListing } from '../modules/bazaar/create.js';
import { planOpen } from './demo-bazaar-open.js';
import { planHistory, type PlannedListing, type Trader } from './demo-bazaar-plan.js';
import { stockDemoBazaar, type Wares } from './demo-bazaar-stock.js';

export interface DemoBazaarInput {
  /** The fifty demo players; those at profile level 2 or more trade. */
  players: readonly number[];
  veteranId: number;
  now: Date;
  rng: Rng;
}

/** The create request a player would post for a planned listing. */
function bodyOf(l: PlannedListing, wares: Wares): CreateListingBody {
  const w = wares.get(l.n)!;
  const auction = l.auction && {
    startPrice: l.price,
    days: l.auction.days,
    ...(l.auction.buyNow === undefined ? {} : { buyNow: l.auction.buyNow }),
  };
  const base = { currency: l.currency, price: l.price, ...(auction ? { auction } : {}) };
  if (l.good.kind === 'hero') return { kind: 'hero', heroid: w.heroid!, ...base };
  if (l.good.kind === 'land') return { kind: 'land', landid: w.landid!, ...base };
  const { item, quantity, elemid } = l.good;
  return {
    kind: 'goods',
    landid: w.landid!,
    item,
    quantity,
    ...(elemid === undefined ? {} : { elemid }),
    ...base,
  };
}

/**
 * The demo world's Bazaar (docs/game-rules.md, Bazaar): a month of sales for the price
 * history, then about two hundred open listings, auctions among them with bids and ten
 * ending within the hour; the veteran sold some and offers some. Every listing, purchase
 * and bid goes through the Bazaar's own functions at its time in the past, so each fee,
 * escrow, hold and payment is in the books as a player's would be.
 */
export async function seedDemoBazaar(tx: Tx, input: DemoBazaarInput): Promise<void> {
  const { players, veteranId, rng } = input;
  const now = input.now.getTime();
  const rows = await queryRows<{ id: number; joined: Date }>(
    tx,
    sql`select u.id, u.created_at as joined from users u join profiles p on p.id = u.id
      where p.level >= 2 and u.id = any(${`{${players.join(',')}}`}::int[]) order by u.id`,
  );
  const traders: Trader[] = rows.map((r) => ({ id: r.id, joined: new Date(r.joined).getTime() }));
  const history = planHistory(traders, veteranId, now, rng);
  const open = planOpen(traders, veteranId, now, rng);
  [...history, ...open].forEach((l, n) => (l.n = n + 1));
  const wares = await stockDemoBazaar(tx, [...history, ...open], traders, veteranId, now, rng);

  // A transaction is a Db for the services: their own transactions become savepoints.
  const db: Db = tx;
  const list = async (l: PlannedListing) => {
    const answer = await createListing(
      db,
      l.seller,
      bodyOf(l, wares),
      `demo-bazaar-${l.n}`,
      new Date(l.listedAt),
    );
    return answer.listing.id;
  };
  // The month's sales first, in their order; each is sold before the next is listed.
  for (const l of history) {
    const id = await list(l);
    await buyListing(db, l.sale!.buyer, id, {}, new Date(l.sale!.at));
  }
  const bids: Array<{ id: number; bidder: number; amount: number; at: number }> = [];
  for (const l of [...open].sort((a, b) => a.listedAt - b.listedAt)) {
    const id = await list(l);
    for (const b of l.bids) bids.push({ id, ...b });
  }
  for (const b of bids.sort((x, y) => x.at - y.at)) {
    await placeBid(db, b.bidder, b.id, b.amount, new Date(b.at));
  }
}
