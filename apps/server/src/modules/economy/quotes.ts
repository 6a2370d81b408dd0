import type { TraderQuote, TraderQuotes } from '@aleph/contracts';
import {
  ELEMENT_NAMES,
  GAME_CONFIG,
  pressureAt,
  referencePrice,
  traderBuyPrice,
  traderCapLeft,
  traderGoods,
  traderKey,
  traderSellPrice,
  utcDayStart,
  type PressureSnapshot,
  type TraderGood,
} from '@aleph/rules';

const TRADER = GAME_CONFIG.economy.trader;
const DAY_MS = 86_400_000;

function nameOf(good: TraderGood): string {
  if (good.type === 'item') {
    return (
      GAME_CONFIG.items.catalogue.find((i) => i.item_code === good.code)?.item_name ?? good.code
    );
  }
  const element = ELEMENT_NAMES[good.element];
  return good.type === 'elemental' ? `${element} elementals` : `${element} shards`;
}

/** One good's quote at `now` from its snapshot (none: never traded, zero pressure). */
export function quoteOf(
  good: TraderGood,
  snapshot: PressureSnapshot | undefined,
  now: number,
): TraderQuote {
  const reference = referencePrice(good) ?? 0;
  const pressure = snapshot ? pressureAt(snapshot, now) : 0;
  return {
    kind: good.type,
    code: good.type === 'item' ? good.code : null,
    elemid: good.type === 'item' ? null : good.element,
    name: nameOf(good),
    unitSize: good.type === 'elemental' ? TRADER.elementalLot : 1,
    buyPrice: traderBuyPrice(reference, pressure),
    sellPrice: traderSellPrice(reference, pressure),
    referencePrice: reference,
  };
}

export function quotesView(
  pressures: ReadonlyMap<string, PressureSnapshot>,
  sold: number,
  now: Date,
): TraderQuotes {
  const t = now.getTime();
  return {
    quotes: traderGoods().map((g) => quoteOf(g, pressures.get(traderKey(g)), t)),
    dailyCap: TRADER.dailyCapGold,
    capLeft: traderCapLeft(sold),
    capResetsAt: new Date(utcDayStart(t) + DAY_MS).toISOString(),
  };
}
