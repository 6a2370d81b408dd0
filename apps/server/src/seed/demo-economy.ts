import { GAME_CONFIG, traderGoodOf, traderKey, type TraderGood } from '@aleph/rules';
import type { Db } from '../db/client.js';
import { ChangeBook } from '../core/change-book.js';
import { loadLand } from '../core/state.js';
import { openLuckyEvent } from '../modules/economy/lucky.js';
import { quoteOf } from '../modules/economy/quotes.js';
import { trade } from '../modules/economy/trader.js';
import { allPressures } from '../modules/economy/trader-store.js';

const HOUR = 3_600_000;
/** The demo's Lucky coin opening: a week from the world's creation, so any day of a demo has it. */
export const DEMO_LUCKY_DAYS = 7;
const COINS = 5;

/** The veteran's sales to the trader earlier today: a real history with its ledger. */
const SALES: ReadonlyArray<{ good: string; quantity: number; hoursAgo: number }> = [
  { good: 'item:TOWER_STONE', quantity: 3, hoursAgo: 5 },
  { good: 'shard:1', quantity: 2, hoursAgo: 3 },
];

/**
 * The veteran's part of the gold economy (docs/game-rules.md, Gold economy): Lucky Coins on
 * the first land, a Lucky coin opening by the operator for a week (so the demo can toss on any
 * weekday), and two sales to the trader a few hours ago. `landId` is a land with tower stones
 * and Fire shards.
 */
export async function seedVeteranEconomy(db: Db, userId: number, landId: number, now: Date) {
  const land = await loadLand(db, landId, true);
  if (!land) throw new Error('the veteran has no first land');
  const book = new ChangeBook([land]);
  book.items(
    landId,
    { [GAME_CONFIG.economy.luckyCoin.itemCode]: COINS },
    { cause: 'demo', at: now },
  );
  await book.flush(db);
  await openLuckyEvent(db, now, DEMO_LUCKY_DAYS * 24, 'demo world');
  for (const [i, sale] of SALES.entries()) {
    const at = new Date(now.getTime() - sale.hoursAgo * HOUR);
    const good = traderGoodOf(sale.good) as TraderGood;
    const quote = quoteOf(good, (await allPressures(db)).get(traderKey(good)), at.getTime());
    const body = {
      landid: landId,
      kind: good.type,
      ...(good.type === 'item' ? { code: good.code } : { elemid: good.element }),
      quantity: sale.quantity,
      price: quote.buyPrice,
    };
    await trade(db, userId, 'sell', body, `demo-veteran-sale-${i}`, at);
  }
}
