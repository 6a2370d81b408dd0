import { sql } from 'drizzle-orm';
import { isoWeekStart } from '@aleph/rules';
import { queryRows, type Db } from '../src/db/client.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { syncItemCatalogue } from '../src/modules/world/catalogue.js';

export const BENCH_PASSWORD = 'bench-password-1';
export const PREFIX = 'bench_';

/**
 * Seeds `players` bench players with set-based SQL (seconds, not minutes): each gets a land
 * with four elements, three heroes (two resident, one homeless), five messages (two unread),
 * one running mission, weekly board scores, and XP booked in the ledger so the books balance.
 * Idempotent: a second run finds the players and returns; a run asking for more players than
 * exist adds the missing ones (bench_<n+1> and on), so one database serves every part.
 */
export async function seedWorld(
  db: Db,
  players: number,
  now: Date,
): Promise<{ created: boolean; ms: number }> {
  const started = performance.now();
  await syncItemCatalogue(db);
  const [existing] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where login like 'bench\\_%'`,
  );
  const have = existing?.n ?? 0;
  if (have >= players) return { created: false, ms: 0 };
  // Only the players added now are touched below: ids above every existing user's.
  const [top] = await queryRows<{ id: number }>(
    db,
    sql`select coalesce(max(id), 0)::int as id from users`,
  );
  const after = top?.id ?? 0;
  if (have > 0) {
    const [last] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users where login = ${PREFIX + String(have)}`,
    );
    if (last?.n !== 1)
      throw new Error('A partial bench world exists: drop the database or remove bench_ users.');
  }
  const hash = await hashPassword(BENCH_PASSWORD);
  const week = new Date(isoWeekStart(now.getTime()));
  const twoDaysAgo = new Date(now.getTime() - 2 * 86_400_000);
  const etaLater = new Date(now.getTime() + 3 * 3_600_000);
  await db.transaction(async (tx) => {
    // The world's triggers are off for this transaction only (docs/performance.md, Push): the
    // rating's power triggers would re-read every new owner's lands and heroes on tables that
    // have no statistics yet, a scan per owner, which at 60,000 players ran for many minutes.
    // What they keep is computed once below, after the statistics.
    await tx.execute(sql`select set_config('session_replication_role', 'replica', true)`);
    await tx.execute(sql`
      insert into users (login, login_lower, email, address, password_hash, created_at)
      select ${PREFIX} || g, ${PREFIX} || g, ${PREFIX} || g || '@example.com',
             '0xbe' || lpad(to_hex(g), 38, '0'), ${hash}, ${now}
      from generate_series(${have + 1}::int, ${players}::int) g`);
    await tx.execute(sql`
      insert into profiles (id, nickname, created_at)
      select id, login, ${now} from users where login like 'bench\\_%' and id > ${after}`);
    // Lands on Beth's top rows: far from the centre where real players start.
    await tx.execute(sql`
      insert into lands (owner_id, continent, x, y, terrain, element, gold_leftover, gold_at, created_at)
      select id, 1, (rn - 1) % 500, (rn - 1) / 500, rn % 5, rn % 4, 0, ${twoDaysAgo}, ${twoDaysAgo}
      from (select id, ${have}::int + row_number() over (order by id) as rn from profiles
            where nickname like 'bench\\_%' and id > ${after}) p`);
    await tx.execute(sql`
      insert into land_elements (land_id, element, vault_at)
      select l.id, e, ${twoDaysAgo} from lands l
      join profiles p on p.id = l.owner_id and p.nickname like 'bench\\_%' and p.id > ${after}
      cross join generate_series(0, 3) e`);
    await tx.execute(sql`
      insert into heroes (owner_id, name, rarity, sex, element, generation, skills, residence_id, created_at)
      select l.owner_id, 'Bench ' || l.id || '-' || h, (l.id + h) % 5, h % 2, (l.id + h) % 4, 0,
             array[10 + h, 20, 30, 40, 25, 35, 15, 45]::smallint[],
             case when h < 2 then l.id else null end, ${now}
      from lands l join profiles p on p.id = l.owner_id and p.nickname like 'bench\\_%' and p.id > ${after}
      cross join generate_series(0, 2) h`);
    await tx.execute(sql`
      insert into messages (profile_id, sender_name, subject, body, kind, created_at, read_at)
      select p.id, 'Lands of Aleph', 'Report ' || m, '<p>Your hero returned with <b>' || m || '</b> gold.</p>',
             'mission', ${now}::timestamptz - (m || ' hours')::interval, case when m > 2 then ${now}::timestamptz else null end
      from profiles p cross join generate_series(1, 5) m where p.nickname like 'bench\\_%' and p.id > ${after}`);
    // One running SEARCHELEMENT per player, by the first resident hero, due in three hours.
    await tx.execute(sql`
      insert into missions (profile_id, hero_id, land_id, type, params, seed, reservation, started_at, eta, status)
      select h.owner_id, h.id, h.residence_id, 'SEARCHELEMENT',
             jsonb_build_object('landid', h.residence_id, 'heroid', h.id, 'elemid', h.id % 4),
             h.id, '{"elemid":null,"elementals":0,"shards":0,"items":{}}'::jsonb, ${now}, ${etaLater}, 'running'
      from (select distinct on (residence_id) id, owner_id, residence_id from heroes
            where residence_id is not null and name like 'Bench %' and owner_id > ${after}
            order by residence_id, id) h`);
    // XP and claimed gold this week: booked in the ledger and on the boards.
    await tx.execute(sql`
      update profiles set xp = (id::bigint * 7919) % 40000, gold = (id::bigint * 104729) % 3000
      where nickname like 'bench\\_%' and id > ${after}`);
    await tx.execute(sql`
      insert into ledger (profile_id, asset, delta, cause, at)
      select id, 'xp', xp, 'bench', ${now}::timestamptz from profiles where nickname like 'bench\\_%' and id > ${after} and xp > 0
      union all
      select id, 'gold', gold, 'bench', ${now}::timestamptz from profiles where nickname like 'bench\\_%' and id > ${after} and gold > 0`);
    await tx.execute(sql`
      insert into board_scores (board, week_start, profile_id, score, reached_at)
      select 'TOP_XP_GAINERS', ${week}::timestamptz, id, xp, ${now}::timestamptz - (id % 1000 || ' seconds')::interval
      from profiles where nickname like 'bench\\_%' and id > ${after} and xp > 0
      union all
      select 'TOP_GOLD_CLAIMERS', ${week}::timestamptz, id, gold, ${now}::timestamptz - (id % 1000 || ' seconds')::interval
      from profiles where nickname like 'bench\\_%' and id > ${after} and gold > 0`);
    // Enough levels that the boards are open to the bench players.
    await tx.execute(
      sql`update profiles set level = 2 where nickname like 'bench\\_%' and id > ${after}`,
    );
  });
  // As autovacuum would have by the time a real world had grown this big: statistics for the
  // planner, and no dead rows from the updates above for a vacuum to clean up during the run.
  await db.execute(sql`vacuum analyze`);
  // What the triggers would have kept: the players' power (migration 0020's formula) and the
  // map's versions, so a server that cached the map before sees the new lands.
  await db.execute(sql`update profiles set power = level::bigint * 1000 + aleph_assets_power(id)
    where nickname like 'bench\\_%' and id > ${after}`);
  await db.execute(sql`update map_versions set version = version + 1`);
  return { created: true, ms: performance.now() - started };
}
