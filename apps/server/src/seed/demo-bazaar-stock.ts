import { sql } from 'drizzle-orm';
import {
  Continent,
  listingFee,
  rollHero,
  type Element,
  type Rng,
  type Terrain,
} from '@aleph/rules';
import { queryRows, type Tx } from '../db/client.js';
import { ChangeBook } from '../core/change-book.js';
import { createLands } from '../core/create-lands-heroes.js';
import { jsonRows } from '../core/json-rows.js';
import { loadLand } from '../core/state.js';
import { DAY, STOCKED_AFTER, type PlannedListing, type Trader } from './demo-bazaar-plan.js';

/** What each listing sells: the hero, the land, or the land its goods leave. */
export type Wares = Map<number, { heroid?: number; landid?: number }>;

/** The veteran's wares for the Bazaar arrived before the month the history covers. */
const VETERAN_STOCKED = 35 * DAY;
/** A vault drains a little even in a minute (docs/game-rules.md, Vaults): a few extra cover it. */
const DRAIN_MARGIN = 10;

/** Lands of the sellers free to list (no resident, no running mission), by owner, in id order. */
async function freeLands(tx: Tx, owners: readonly number[]) {
  const rows = await queryRows<{ id: number; owner_id: number }>(
    tx,
    sql`select l.id, l.owner_id from lands l
      where l.owner_id = any(${`{${owners.join(',')}}`}::int[])
        and not exists (select 1 from heroes h where h.residence_id = l.id)
        and not exists (select 1 from missions m where m.land_id = l.id and m.status = 'running')
      order by l.owner_id, l.id`,
  );
  const by = new Map<number, number[]>();
  for (const r of rows) by.set(Number(r.owner_id), [...(by.get(Number(r.owner_id)) ?? []), r.id]);
  return by;
}

/**
 * Gives every seller what the plan has them sell, the way the demo world gives players
 * things: heroes and lands made for them when they were stocked (a sold land has produced
 * gold since), goods and treasury booked in one change book with the `demo` cause. Buyers
 * and bidders get the gold and platinum their purchases, bids and listing fees need.
 */
export async function stockDemoBazaar(
  tx: Tx,
  plan: readonly PlannedListing[],
  traders: readonly Trader[],
  veteranId: number,
  now: number,
  rng: Rng,
): Promise<Wares> {
  const stockedAt = new Map(traders.map((t) => [t.id, t.joined + STOCKED_AFTER]));
  stockedAt.set(veteranId, now - VETERAN_STOCKED);
  const sellers = [...new Set(plan.map((l) => l.seller))];
  const free = await freeLands(tx, sellers);
  const wares: Wares = new Map();
  const book = new ChangeBook();
  const track = async (landId: number) => {
    if (!book.lands.has(landId)) book.track((await loadLand(tx, landId, true))!);
  };

  await makeHeroes(tx, plan, stockedAt, wares, rng);
  for (const seller of sellers) {
    const mine = plan.filter((l) => l.seller === seller);
    const at = new Date(stockedAt.get(seller)!);
    const why = { cause: 'demo', at };
    const lands = [...(free.get(seller) ?? [])];
    // The first free land keeps the goods; elementals each get a vault of their own.
    const stall = lands.shift()!;
    // Past land sales sell lands made then; open ones sell lands the seller has had.
    const sold = mine.filter((l) => l.good.kind === 'land' && l.sale);
    const made =
      sold.length === 0
        ? []
        : await createLands(
            tx,
            seller,
            sold.map((l) => ({
              continent: rng.pick([Continent.Aleph, Continent.Beth]),
              terrain: (l.good.kind === 'land' ? l.good.terrain : 0) as Terrain,
              element: rng.int(0, 3) as Element,
            })),
            rng,
            at,
          );
    sold.forEach((l, i) => wares.set(l.n, { landid: made[i]!.id }));
    for (const l of mine.filter((l) => l.good.kind === 'land' && !l.sale)) {
      wares.set(l.n, { landid: lands.pop()! });
    }
    for (const l of mine) {
      if (l.good.kind !== 'goods') continue;
      const { item, quantity, elemid } = l.good;
      if (item === 'elementals') {
        const vault = lands.shift()!;
        await track(vault);
        // Just before the listing, so the vault's drain has not taken any yet.
        const fill = { cause: 'demo', at: new Date(l.listedAt - 60_000) };
        book.addElementals(vault, elemid as Element, quantity + DRAIN_MARGIN, fill);
        wares.set(l.n, { landid: vault });
        continue;
      }
      await track(stall);
      if (item === 'shards') book.shards(stall, elemid as Element, quantity, why);
      else book.items(stall, { [item]: quantity }, why);
      wares.set(l.n, { landid: stall });
    }
  }
  fundTraders(book, plan, stockedAt);
  await book.flush(tx);
  return wares;
}

/** Every hero the plan sells, made for its seller when stocked, in one statement. */
async function makeHeroes(
  tx: Tx,
  plan: readonly PlannedListing[],
  stockedAt: Map<number, number>,
  wares: Wares,
  rng: Rng,
) {
  const sold = plan.filter((l) => l.good.kind === 'hero');
  const rows = sold.map((l, i) => {
    const draft = rollHero(rng, { rarity: l.good.kind === 'hero' ? l.good.rarity : undefined });
    return { i, owner: l.seller, at: new Date(stockedAt.get(l.seller)!), ...draft };
  });
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`insert into heroes (owner_id, name, rarity, sex, element, generation, skills, created_at)
        select owner, name, rarity, sex, element, generation,
               array(select jsonb_array_elements_text(skills)::smallint), at
        from jsonb_to_recordset(${jsonRows(rows)})
          as v(i int, owner int, at timestamptz, name text, rarity smallint, sex smallint,
               element smallint, generation smallint, skills jsonb)
        order by i
        returning id`,
  );
  // Identity values follow the insert's order, which follows `i`.
  const ordered = ids.map((r) => r.id).sort((a, b) => a - b);
  sold.forEach((l, i) => wares.set(l.n, { heroid: ordered[i]! }));
}

/** Gold and platinum for every purchase, bid and listing fee of the plan, booked when stocked. */
function fundTraders(
  book: ChangeBook,
  plan: readonly PlannedListing[],
  stockedAt: Map<number, number>,
) {
  const need = new Map<number, { gold: number; platinum: number }>();
  const add = (id: number, currency: 'gold' | 'platinum', amount: number) => {
    const n = need.get(id) ?? { gold: 0, platinum: 0 };
    n[currency] += amount;
    need.set(id, n);
  };
  for (const l of plan) {
    add(l.seller, l.currency, listingFee(l.price));
    if (l.sale) add(l.sale.buyer, l.currency, l.auction?.buyNow ?? l.price);
    for (const b of l.bids) add(b.bidder, l.currency, b.amount);
  }
  for (const [id, n] of need) {
    const at = stockedAt.get(id);
    if (at === undefined) throw new Error(`demo bazaar: ${id} trades but was never stocked`);
    book.profile(id, n, { cause: 'demo', at: new Date(at) });
  }
}
