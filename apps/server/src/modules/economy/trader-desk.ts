import type { TradeBody, TradeResult } from '@aleph/contracts';
import {
  addElementals,
  buyFromTrader,
  referencePrice,
  sellToTrader,
  traderCapLeft,
  traderKey,
  utcDayStart,
  vaultCap,
  GAME_CONFIG,
  type PressureSnapshot,
  type TraderGood,
} from '@aleph/rules';
import type { Db, Executor } from '../../db/client.js';
import { withRetry } from '../../db/retry.js';
import { BatchDesk, type DeskOrder, type Outcome } from '../../lib/batch-desk.js';
import { notFound } from '../../lib/errors.js';
import { countAndNotify } from '../../core/achievements.js';
import { landListed } from '../../core/escrow.js';
import { ChangeBook } from '../../core/change-book.js';
import type { BookLand } from '../../core/change-flush.js';
import { queryLandsByIds } from '../../core/land-query.js';
import { dailyCapReached, notEnoughGold, notEnoughGoods, StaleQuote, vaultFull } from './errors.js';
import { quoteOf } from './quotes.js';
import { keyReused, sameRequest, type RequestShape } from './requests.js';
import {
  bookTrades,
  lockBatchLands,
  lockPressure,
  lockWallets,
  pressureCache,
  rememberSold,
  soldCache,
} from './trader-store.js';

const LOT = GAME_CONFIG.economy.trader.elementalLot;
/** At most this many trades of one good are booked in one transaction. */
const MAX_BATCH = 256;
/** Batches of one good running at once in this process (they queue on the good's row). */
const MAX_IN_FLIGHT = 2;

export type Side = 'sell' | 'buy';

/** One trade waiting for the desk of its good. */
export interface Order extends DeskOrder<TradeResult> {
  profileId: number;
  side: Side;
  body: TradeBody;
  key: string;
  /** The Idempotency-Key's stored request (what a retry must repeat). */
  shape: RequestShape;
  now: Date;
}

/**
 * The trades of one good in this process, booked together (docs/decisions/0012): while one
 * transaction books a batch, the trades that arrive queue, and the next transaction takes them
 * all. Within a batch each trade is priced in arrival order on the pressure the one before it
 * left, exactly as if they had run one after another, and answered on its own: a stale quote,
 * a full day or a missing good refuses that trade alone and moves nothing. A batch costs a fixed
 * number of statements, so the good's row is locked once per batch instead of once per trade.
 * One trade per player per batch: a player's second trade (another key, or a retry of the same
 * one) goes into a later batch, which locks the player's profile only after this one commits
 * and so sees its result. A batch starts at once (the trader was measured so, docs/performance.md,
 * Gold economy); the next takes its locks and reads while the one before writes, then waits for
 * the good's row.
 */
function goodDesk(db: Db, good: TraderGood): BatchDesk<TradeResult, Order> {
  return new BatchDesk<TradeResult, Order>(
    {
      maxBatch: MAX_BATCH,
      maxInFlight: MAX_IN_FLIGHT,
      players: (o) => [o.profileId],
      startOnNextTurn: false,
    },
    async (batch) => {
      const known = soldCache(db);
      const booked = await withRetry(() =>
        db.transaction((tx) => bookBatch(tx, good, batch, known)),
      );
      rememberSold(known, booked.sold);
      const { after } = booked;
      // This process's quotes show the new price at once.
      if (after) pressureCache(db).wrote((pressures) => pressures.set(traderKey(good), after));
      return booked.out;
    },
  );
}

/** What the land holds of a good, in trade units (elementals: whole lots). */
function holding(land: BookLand, good: TraderGood, items: ReadonlyMap<number, number>, t: number) {
  if (good.type === 'item') return items.get(land.id) ?? 0;
  if (good.type === 'shard') return land.shards[good.element];
  const { volume, at } = land.vault[good.element];
  // The vault drains with time; the book's withdrawal re-checks at `t`, this is the message.
  return t >= at ? volume / LOT : 0;
}

/**
 * One batch in one transaction. Locks, in order: the players' profiles, their lands, then the
 * good's pressure row (the order a single trade took), each set sorted by id. Every check
 * reads state taken after the locks; nothing is booked for a refused trade.
 */
async function bookBatch(
  tx: Executor,
  good: TraderGood,
  batch: readonly Order[],
  known: ReadonlyMap<number, { version: number; day: number; sold: number }>,
): Promise<{
  out: Map<Order, Outcome<TradeResult>>;
  after: PressureSnapshot | null;
  sold: Array<{ profileId: number; version: number; day: number; sold: number }>;
}> {
  const out = new Map<Order, Outcome<TradeResult>>();
  // The batch happens at one moment: the latest of its requests' clocks.
  const t = Math.max(...batch.map((o) => o.now.getTime()));
  const now = new Date(t);
  const reference = referencePrice(good) ?? 0;
  const wallets = await lockWallets(
    tx,
    batch.map((o) => o.profileId),
  );
  // The day's sales known in this process at the player's current version need no query.
  const day = utcDayStart(t);
  const sold = new Map<number, number>();
  for (const [id, wallet] of wallets) {
    const k = known.get(id);
    if (k && k.version === wallet.version && k.day === day) sold.set(id, k.sold);
  }
  const read = await lockBatchLands(
    tx,
    batch.map((o) => ({ profileId: o.profileId, key: o.key, landId: o.body.landid })),
    now,
    [...wallets.keys()].filter((id) => !sold.has(id)),
  );
  const earlier = read.earlier;
  for (const id of wallets.keys()) if (!sold.has(id)) sold.set(id, read.sold.get(id) ?? 0);
  // Only the lands locked above, each its orderer's: any other order's land is not found.
  const lands = new Map((await queryLandsByIds(tx, read.lands)).map((l) => [l.id, l]));
  const locked = await lockPressure(tx, good, now, good.type === 'item' ? [...lands.keys()] : []);
  const items = locked.items;
  let snapshot: PressureSnapshot = locked.snapshot;
  // Priced no earlier than the good's last trade (a batch of another process may be later).
  const tp = Math.max(t, snapshot.at);

  const book = new ChangeBook([...lands.values()]);
  const requests: Array<{ p: number; k: string; a: string; r: RequestShape; s: TradeResult }> = [];
  const trades: Array<{
    n: number;
    p: number;
    l: number;
    s: Side;
    q: number;
    u: number;
    t: number;
    pr: number;
  }> = [];
  const sales: Array<{ profileId: number; metric: 'trader_sales'; amount: number }> = [];
  for (const o of batch) {
    try {
      const action = `trader_${o.side}`;
      const wallet = wallets.get(o.profileId);
      if (!wallet) throw notFound('Profile not found.');
      const before = earlier.get(o.profileId);
      if (before) {
        if (before.action !== action || !sameRequest(before.request, o.shape)) throw keyReused();
        out.set(o, { ok: before.response as TradeResult });
        continue;
      }
      const land = lands.get(o.body.landid);
      if (!land || land.ownerId !== o.profileId) throw notFound('Land not found.');
      if (read.listed.has(land.id)) throw landListed();
      const bookLand = book.land(land.id);
      const q = o.body.quantity;
      const soldToday = sold.get(o.profileId) ?? 0;
      if (o.side === 'sell') {
        const have = holding(bookLand, good, items, t);
        if (have < q) throw notEnoughGoods(quoteOf(good, undefined, 0).name, q, have);
      }
      const result =
        o.side === 'sell'
          ? sellToTrader(reference, snapshot, q, tp)
          : buyFromTrader(reference, snapshot, q, tp);
      if (result.unitPrice !== o.body.price) throw new StaleQuote(quoteOf(good, snapshot, tp));
      if (o.side === 'sell' && result.total > traderCapLeft(soldToday)) {
        throw dailyCapReached(result.total, traderCapLeft(soldToday));
      }
      if (o.side === 'buy' && wallet.gold < result.total) {
        throw notEnoughGold(result.total, wallet.gold);
      }
      if (good.type === 'elemental' && o.side === 'buy') {
        // Checked before anything is booked: a refusal must leave the batch's book untouched.
        const el = good.element;
        const fits = addElementals(
          bookLand.vault[el],
          bookLand.seals[el],
          vaultCap(bookLand.towers[el]),
          q * LOT,
          t,
          bookLand.improvements[el],
        );
        if (fits.amount < q * LOT) throw vaultFull();
      }

      const why = { cause: action, causeId: o.key, at: now };
      const sign = o.side === 'sell' ? -1 : 1;
      if (good.type === 'elemental' && o.side === 'sell') {
        if (!book.withdrawElementals(land.id, good.element, q * LOT, why)) {
          throw notEnoughGoods(quoteOf(good, undefined, 0).name, q, 0);
        }
      }
      book.profile(o.profileId, { gold: -sign * result.total }, why);
      if (good.type === 'item') book.items(land.id, { [good.code]: sign * q }, why);
      else if (good.type === 'shard') book.shards(land.id, good.element, sign * q, why);
      else if (o.side === 'buy') book.addElementals(land.id, good.element, q * LOT, why);
      // Achievements (docs/game-rules.md): each sale to the trader counts once.
      if (o.side === 'sell')
        sales.push({ profileId: o.profileId, metric: 'trader_sales', amount: 1 });

      const response: TradeResult = {
        side: o.side,
        quantity: q,
        unitPrice: result.unitPrice,
        total: result.total,
        capLeft: traderCapLeft(soldToday + (o.side === 'sell' ? result.total : 0)),
        quote: quoteOf(good, result.after, tp),
      };
      requests.push({ p: o.profileId, k: o.key, a: action, r: o.shape, s: response });
      trades.push({
        n: trades.length,
        p: o.profileId,
        l: land.id,
        s: o.side,
        q,
        u: result.unitPrice,
        t: result.total,
        pr: result.after.pressure,
      });
      snapshot = result.after;
      if (o.side === 'sell') sold.set(o.profileId, soldToday + result.total);
      out.set(o, { ok: response });
    } catch (err) {
      out.set(o, { error: err });
    }
  }
  let versions = new Map([...wallets].map(([id, w]) => [id, w.version]));
  if (trades.length > 0) {
    if (sales.length > 0) await countAndNotify(tx, book, sales, now);
    await book.flush(tx, { at: now });
    const ids = [...wallets.keys()];
    versions = await bookTrades(tx, traderKey(good), snapshot, requests, trades, now, ids);
  }
  return {
    out,
    after: trades.length > 0 ? snapshot : null,
    sold: [...sold].map(([profileId, total]) => ({
      profileId,
      version: versions.get(profileId) ?? -1,
      day,
      sold: total,
    })),
  };
}

const desks = new WeakMap<Db, Map<string, BatchDesk<TradeResult, Order>>>();

/** Hands a trade to the desk of its good in this process; settles when its batch commits. */
export function submitTrade(
  db: Db,
  good: TraderGood,
  order: Omit<Order, 'resolve' | 'reject'>,
): Promise<TradeResult> {
  let byGood = desks.get(db);
  if (!byGood) desks.set(db, (byGood = new Map()));
  const key = traderKey(good);
  let desk = byGood.get(key);
  if (!desk) byGood.set(key, (desk = goodDesk(db, good)));
  return new Promise((resolve, reject) => desk.submit({ ...order, resolve, reject }));
}
