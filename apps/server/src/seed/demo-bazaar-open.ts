import { minNextBid, Rarity, type Rng } from '@aleph/rules';
import { marketPrice, platinumWorthy, SEAL_CODES, type DemoGood } from './demo-bazaar-prices.js';
import {
  DAY,
  HOUR,
  READY_AFTER,
  someone,
  type PlannedListing,
  type Trader,
} from './demo-bazaar-plan.js';

/** What the veteran offers now; the veteran's own heroes and lands stay theirs (the demo shows them). */
export const VETERAN_OPEN: ReadonlyArray<{ good: DemoGood; auction?: 1 | 3 | 7; soon?: boolean }> =
  [
    { good: { kind: 'hero', rarity: Rarity.Epic }, auction: 3 },
    { good: { kind: 'hero', rarity: Rarity.Uncommon }, auction: 1, soon: true },
    { good: { kind: 'hero', rarity: Rarity.Rare } },
    { good: { kind: 'hero', rarity: Rarity.Legendary } },
    { good: { kind: 'goods', item: 'TOWER_STONE', quantity: 5 } },
    { good: { kind: 'goods', item: 'SEAL_FIRE', quantity: 2 } },
    { good: { kind: 'goods', item: 'shards', quantity: 6, elemid: 1 } },
  ];

/**
 * How many of each the other players have on offer now (130 listings). Each is a real listing
 * transaction, the largest part of a first start's work (docs/operations.md, demo world).
 */
const HERO_COUNTS = [17, 12, 8, 5, 3];
const LANDS = 18;
const ITEM_COUNTS: ReadonlyArray<[string, number, number]> = [
  // item, listings, most units in one
  ['TOWER_STONE', 20, 8],
  ['SKILL_POT', 9, 4],
  ['LUCKY_COIN', 6, 6],
  ['ANCIENT_SCROLL', 3, 1],
];
const SEAL_LISTINGS = 9;
const SHARD_LISTINGS = 10;
const ELEMENTAL_LISTINGS = 9;

/** The traders' open wares, shuffled so every kind is listed across the last days. */
export function openGoods(rng: Rng): DemoGood[] {
  const out: DemoGood[] = [];
  HERO_COUNTS.forEach((n, rarity) => {
    for (let i = 0; i < n; i++) out.push({ kind: 'hero', rarity: rarity as Rarity });
  });
  for (let i = 0; i < LANDS; i++) out.push({ kind: 'land', terrain: (i % 5) as 0 });
  for (const [item, n, most] of ITEM_COUNTS) {
    for (let i = 0; i < n; i++) out.push({ kind: 'goods', item, quantity: rng.int(1, most) });
  }
  for (let i = 0; i < SEAL_LISTINGS; i++) {
    out.push({ kind: 'goods', item: rng.pick(SEAL_CODES), quantity: rng.int(1, 2) });
  }
  for (let i = 0; i < SHARD_LISTINGS; i++) {
    out.push({ kind: 'goods', item: 'shards', quantity: rng.int(2, 12), elemid: rng.int(0, 3) });
  }
  // Elementals sell in lots of hundreds (a vault at tower level 0 holds 1,000).
  for (let i = 0; i < ELEMENTAL_LISTINGS; i++) {
    out.push({
      kind: 'goods',
      item: 'elementals',
      quantity: 100 * rng.int(2, 8),
      elemid: rng.int(0, 3),
    });
  }
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** One or two rising bids on an auction by other traders, each beating the last as the rules ask. */
function planBids(l: PlannedListing, traders: readonly Trader[], now: number, rng: Rng) {
  const endsAt = l.listedAt + l.auction!.days * DAY;
  const last = Math.min(now - 2 * 60_000, endsAt - 6 * 60_000);
  let at = l.listedAt;
  let current: number | null = null;
  for (let i = rng.int(1, 2); i > 0 && at < last; i--) {
    at += Math.floor(rng.next() * (last - at) * 0.6) + 60_000;
    const least = minNextBid(l.price, current);
    const amount = Math.ceil(least * (1 + rng.next() * 0.08));
    if (at > last || (l.auction!.buyNow !== undefined && amount >= l.auction!.buyNow)) break;
    const bidder = someone(traders, at, rng, l.seller);
    if (bidder === null) break;
    l.bids.push({ bidder, amount, at });
    current = amount;
  }
}

/**
 * The open listings: about 130 from the traders (at most `perSeller` each) and the
 * veteran's few. Fixed prices were listed within the last six days; auctions run 1, 3 or 7
 * days and ten end within the hour. Many auctions have bids; the veteran leads two.
 */
export function planOpen(
  traders: readonly Trader[],
  veteranId: number,
  now: number,
  rng: Rng,
  perSeller = 17,
) {
  const out: PlannedListing[] = [];
  const count = new Map<number, number>();
  let endingSoon = 9;
  const wares: Array<{ good: DemoGood; seller?: number; auction?: 1 | 3 | 7; soon?: boolean }> = [
    ...openGoods(rng).map((good) => ({ good })),
    ...VETERAN_OPEN.map((v) => ({ ...v, seller: veteranId })),
  ];
  for (const w of wares) {
    const auctionChance = w.good.kind === 'goods' ? 0.1 : 0.35;
    const drawn = w.auction ?? (rng.next() < auctionChance ? rng.pick([1, 3, 7] as const) : null);
    const soon = w.soon ?? (drawn !== null && w.seller === undefined && endingSoon-- > 0);
    // One that ends within the hour is a day's auction listed nearly a day ago.
    const days = soon ? 1 : drawn;
    const listedAt = soon
      ? now - DAY + (5 + rng.int(0, 50)) * 60_000
      : now - HOUR - Math.floor(rng.next() * ((days ?? 6.5) * 0.95) * DAY);
    const seller =
      w.seller ??
      rng.pick(
        traders.filter(
          (t) => t.joined + READY_AFTER <= listedAt && (count.get(t.id) ?? 0) < perSeller,
        ),
      ).id;
    count.set(seller, (count.get(seller) ?? 0) + 1);
    const currency = platinumWorthy(w.good) && rng.next() < 0.25 ? 'platinum' : 'gold';
    const fair = marketPrice(w.good, currency, 0, rng);
    const fixed = days === null;
    const l: PlannedListing = {
      n: 0,
      seller,
      good: w.good,
      currency,
      price: Math.max(1, Math.round(fair * (fixed ? 1 + rng.next() * 0.2 : 0.8))),
      auction: fixed
        ? null
        : rng.next() < 0.5
          ? { days, buyNow: Math.round(fair * 1.4) }
          : { days },
      listedAt,
      sale: null,
      bids: [],
    };
    if (l.auction && (w.seller !== undefined || rng.next() < 0.4)) planBids(l, traders, now, rng);
    out.push(l);
  }
  // The veteran leads two gold auctions that nobody else bid on yet.
  const free = out.filter((l) => l.auction && l.currency === 'gold' && l.bids.length === 0);
  for (const l of free.filter((l) => l.seller !== veteranId).slice(0, 2)) {
    l.bids.push({
      bidder: veteranId,
      amount: l.price,
      at: Math.max(l.listedAt + HOUR, now - 3 * HOUR),
    });
  }
  return out;
}
