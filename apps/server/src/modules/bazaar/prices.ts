import { sql } from 'drizzle-orm';
import { BAZAAR_CONFIG, utcDayStart } from '@aleph/rules';
import { ErrorCode, type PriceHistory, type PriceHistoryQuery } from '@aleph/contracts';
import { queryRows, type Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';

const DAY_MS = 86_400_000;

const missing = (field: string, what: string) =>
  badRequest(ErrorCode.validation, `Name the ${what} whose prices to show.`, field);

/** The series a query names (bazaar-schema.ts, `good_key`); 400 naming a missing field. */
export function seriesOf(q: PriceHistoryQuery): string {
  switch (q.kind) {
    case 'hero':
      if (q.rarity === undefined) throw missing('rarity', 'hero rarity');
      return `hero:${q.rarity}`;
    case 'land':
      if (q.terrain === undefined) throw missing('terrain', 'terrain');
      return `land:${q.terrain}`;
    case 'goods':
      if (q.item === undefined) throw missing('item', 'item');
      if (q.item !== 'elementals' && q.item !== 'shards') return `item:${q.item}`;
      if (q.elemid === undefined) throw missing('elemid', 'element');
      return `${q.item}:${q.elemid}`;
  }
}

/**
 * One series' sales by UTC day over the last BAZAAR_CONFIG.historyDays days, today included
 * (docs/api.md, Bazaar): the median price (per unit for goods; a day without a sale has none)
 * and the number of sales. One grouped read along bazaar_listings_sold_idx.
 */
export async function priceHistory(db: Db, q: PriceHistoryQuery, now: Date): Promise<PriceHistory> {
  const series = seriesOf(q);
  const currency = q.currency ?? 'gold';
  const first = utcDayStart(now.getTime()) - (BAZAAR_CONFIG.historyDays - 1) * DAY_MS;
  const rows = await queryRows<{ day: string; median: number | string; volume: number | string }>(
    db,
    sql`select to_char(closed_at at time zone 'UTC', 'YYYY-MM-DD') as day,
          percentile_cont(0.5) within group (order by sale_price::float8 / quantity) as median,
          count(*) as volume
        from bazaar_listings
        where status = 'sold' and good_key = ${series} and currency = ${currency}
          and closed_at >= ${new Date(first)} and closed_at <= ${now}
        group by 1`,
  );
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const days = Array.from({ length: BAZAAR_CONFIG.historyDays }, (_, i) => {
    const day = new Date(first + i * DAY_MS).toISOString().slice(0, 10);
    const r = byDay.get(day);
    return r
      ? { day, median: Math.round(Number(r.median) * 100) / 100, volume: Number(r.volume) }
      : { day, median: null, volume: 0 };
  });
  return { series, currency, days };
}
