import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

export interface AuditProblem {
  balance: string;
  stored: number;
  ledger: number;
}

/**
 * Compares every stored balance with the sum of its ledger entries and looks for negative
 * balances. An empty answer means the books are exact. Used by tests and `admin audit`.
 */
export async function auditLedger(db: Executor): Promise<AuditProblem[]> {
  const rows = await queryRows<{ balance: string; stored: string; ledger: string }>(
    db,
    sql`
    with psums as (
      select profile_id, asset, sum(delta) as total
      from ledger where land_id is null group by profile_id, asset
    ), sums as (
      select asset, land_id, element, item_code, sum(delta) as total
      from ledger where land_id is not null group by asset, land_id, element, item_code
    )
    select 'profile ' || p.id || ' ' || a.asset as balance, a.stored::text, coalesce(s.total, 0)::text as ledger
    from profiles p
    cross join lateral (values ('gold', p.gold::numeric), ('platinum', p.platinum::numeric),
                               ('xp', p.xp::numeric), ('vip', p.vip_points::numeric)) as a(asset, stored)
    left join psums s on s.profile_id = p.id and s.asset = a.asset
    where a.stored <> coalesce(s.total, 0) or a.stored < 0
    union all
    select 'land ' || l.id || ' gold', l.gold_leftover::text, coalesce(s.total, 0)::text
    from lands l left join sums s on s.asset = 'land_gold' and s.land_id = l.id
    where l.gold_leftover <> coalesce(s.total, 0) or l.gold_leftover < 0
    union all
    select 'land ' || e.land_id || ' ' || a.asset || ' ' || e.element, a.stored::text, coalesce(s.total, 0)::text
    from land_elements e
    cross join lateral (values ('vault', e.vault_volume::numeric), ('shards', e.shards::numeric)) as a(asset, stored)
    left join sums s on s.asset = a.asset and s.land_id = e.land_id and s.element = e.element
    where a.stored <> coalesce(s.total, 0) or a.stored < 0
    union all
    select 'land ' || i.land_id || ' item ' || i.item_code, i.balance::text, coalesce(s.total, 0)::text
    from land_items i left join sums s on s.asset = 'item' and s.land_id = i.land_id and s.item_code = i.item_code
    where i.balance <> coalesce(s.total, 0) or i.balance < 0
    union all
    select 'orphan ledger ' || s.asset || ' land ' || coalesce(s.land_id::text, '-'), '0', s.total::text
    from sums s
    where s.asset = 'item' and s.total <> 0
      and not exists (select 1 from land_items i where i.land_id = s.land_id and i.item_code = s.item_code)`,
  );
  return rows.map((r) => ({
    balance: r.balance,
    stored: Number(r.stored),
    ledger: Number(r.ledger),
  }));
}
