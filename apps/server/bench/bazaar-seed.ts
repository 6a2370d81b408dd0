import { sql } from 'drizzle-orm';
import type { Executor } from '../src/db/client.js';

/** Goods the seeded listings sell, by item code (they are bought in the buy phase). */
export const SEEDED_GOODS = ['LUCKY_COIN', 'SKILL_POT', 'SEAL_FIRE', 'TOWER_STONE'] as const;

/**
 * `count` open Bazaar listings in one `insert ... select generate_series` (docs/performance.md,
 * Bazaar), spread as a busy market's: 40 % heroes, 20 % lands, 40 % goods; 80 % in gold;
 * prices from 10 to 100,000 on a log scale; 30 % auctions of 1, 3 or 7 days; each created up to
 * 90 % of its duration ago, so none has ended. Heroes and lands are facts only (no rows
 * behind them: the search never joins); goods are lots of `SEEDED_GOODS`, which a buy delivers.
 * A fixed seed (setseed) gives every run the same listings.
 */
export async function seedListings(
  db: Executor,
  sellerIds: readonly number[],
  count: number,
  now: Date,
): Promise<void> {
  const sellers = `{${sellerIds.join(',')}}`;
  const goods = `{${SEEDED_GOODS.join(',')}}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.37)`);
    await tx.execute(sql`
      insert into bazaar_listings (seller_id, kind, item, quantity, title, good_key, rarity,
        element, terrain, level, skills, currency, price, auction_days, start_price, listing_fee,
        created_at, ends_at)
      select seller, kind, item, quantity,
        case kind when 'goods' then item || ' x' || quantity else kind || ' #' || i end,
        case kind when 'hero' then 'hero:' || rarity when 'land' then 'land:' || terrain
          else 'item:' || item end,
        rarity, element, terrain, level, skills, currency, price, days, case when days is null
          then null else price end, ceil(price * 0.01)::bigint,
        ${now}::timestamptz - age, ${now}::timestamptz - age + coalesce(days, 7) * interval '1 day'
      from (
        select i, kind, (${sellers}::int[])[1 + floor(r_seller * ${sellerIds.length})::int] as seller,
          case when kind = 'goods' then (${goods}::text[])[1 + floor(r_a * ${SEEDED_GOODS.length})::int] end as item,
          case when kind = 'goods' then 1 + floor(r_b * 20)::int else 1 end as quantity,
          case when kind = 'hero' then floor(r_a * 5)::smallint end as rarity,
          floor(r_c * 4)::smallint as element,
          case when kind = 'land' then floor(r_a * 5)::smallint end as terrain,
          case when kind = 'hero' then floor(r_b * 6)::smallint end as level,
          case when kind = 'hero' then array[5 + floor(random() * 85), 5 + floor(random() * 85),
            5 + floor(random() * 85), 5 + floor(random() * 85), 5 + floor(random() * 85),
            5 + floor(random() * 85), 5 + floor(random() * 85), 5 + floor(random() * 85)]::smallint[]
          end as skills,
          case when r_cur < 0.8 then 'gold' else 'platinum' end as currency,
          round(exp(ln(10) + r_price * ln(10000)))::bigint as price,
          days, r_age * 0.9 * coalesce(days, 7) * interval '1 day' as age
        from (
          select i, random() as r_seller, random() as r_a, random() as r_b, random() as r_c,
            random() as r_cur, random() as r_price, random() as r_age,
            case when random() < 0.4 then 'hero' when random() < 0.33 then 'land' else 'goods' end as kind,
            case when random() < 0.3 then (array[1, 3, 7])[1 + floor(random() * 3)::int] end as days
          from generate_series(1, ${count}) as i
        ) r
      ) g`);
  });
}
