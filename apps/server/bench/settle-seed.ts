import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.js';

export const SETTLE_PREFIX = 'settle_';

/**
 * `missions` due SEARCHELEMENT missions: missions/5 players (login settle_<round>_<n>), each
 * with one land (on Aleph's top rows) and five resident heroes, every hero on a mission whose
 * ETA has passed. Set-based, so 50,000 missions take seconds.
 */
export async function seedDueMissions(db: Db, missions: number, now: Date): Promise<number> {
  const players = Math.ceil(missions / 5);
  // Each round takes the next free rows at the top of Aleph; the row number names the round.
  const [free] = await queryRows<{ y: number }>(
    db,
    sql`select coalesce(max(y) + 1, 0)::int as y from lands where continent = 0 and y < 200`,
  );
  const round = free?.y ?? 0;
  const rowOffset = round;
  if (rowOffset + Math.ceil(players / 500) > 200)
    throw new Error('The bench database is full: use a fresh one.');
  const prefix = `${SETTLE_PREFIX}${round}_`;
  const past = new Date(now.getTime() - 3_600_000);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (login, login_lower, email, address, password_hash, created_at)
      select ${prefix}::text || g, ${prefix}::text || g, ${prefix}::text || g || '@example.com',
             '0x5e' || lpad(to_hex(${round}::int), 4, '0') || lpad(to_hex(g), 34, '0'), 'x', ${now}::timestamptz
      from generate_series(1, ${players}) g`);
    await tx.execute(sql`
      insert into profiles (id, nickname, created_at)
      select id, login, ${now}::timestamptz from users where login like ${prefix + '%'}`);
    await tx.execute(sql`
      insert into lands (owner_id, continent, x, y, terrain, element, gold_leftover, gold_at, created_at)
      select id, 0, (rn - 1) % 500, ${rowOffset}::int + (rn - 1) / 500, rn % 5, rn % 4, 0, ${past}::timestamptz, ${past}::timestamptz
      from (select id, row_number() over (order by id) as rn from profiles where nickname like ${prefix + '%'}) p`);
    await tx.execute(sql`
      insert into land_elements (land_id, element, vault_at)
      select l.id, e, ${past}::timestamptz from lands l join profiles p on p.id = l.owner_id
      cross join generate_series(0, 3) e where p.nickname like ${prefix + '%'}`);
    await tx.execute(sql`
      insert into heroes (owner_id, name, rarity, sex, element, generation, skills, residence_id, created_at)
      select l.owner_id, 'Settler ' || l.id || '-' || h, h % 5, h % 2, h % 4, 0,
             array[10, 20, 30, 40, 25, 35 + h, 15, 45]::smallint[], l.id, ${now}::timestamptz
      from lands l join profiles p on p.id = l.owner_id cross join generate_series(0, 4) h
      where p.nickname like ${prefix + '%'}`);
    await tx.execute(sql`
      insert into missions (profile_id, hero_id, land_id, type, params, seed, reservation, started_at, eta, status)
      select h.owner_id, h.id, h.residence_id, 'SEARCHELEMENT',
             jsonb_build_object('landid', h.residence_id, 'heroid', h.id, 'elemid', h.id % 4),
             h.id, '{"elemid":null,"elementals":0,"shards":0,"items":{}}'::jsonb,
             ${past}::timestamptz - interval '90 minutes', ${past}::timestamptz + (h.id % 600 || ' seconds')::interval, 'running'
      from heroes h join profiles p on p.id = h.owner_id where p.nickname like ${prefix + '%'}`);
  });
  // What autovacuum (on by default) does between rounds on a live database: dead rows of the
  // previous round's updates reclaimed, statistics for the new rows. Some PostgreSQL set-ups (this
  // machine's among them) run with autovacuum off, and then every round would also measure the
  // bloat the rounds before it left behind.
  await db.execute(
    sql`vacuum analyze users, profiles, lands, land_elements, heroes, missions, board_scores`,
  );
  return round;
}

export async function settleCounts(db: Db, round: number) {
  const prefix = `${SETTLE_PREFIX}${round}_%`;
  const [row] = await queryRows<{ settled: number; running: number; reports: number }>(
    db,
    sql`select
      (select count(*)::int from missions m join profiles p on p.id = m.profile_id where p.nickname like ${prefix} and m.status = 'settled') as settled,
      (select count(*)::int from missions m join profiles p on p.id = m.profile_id where p.nickname like ${prefix} and m.status = 'running') as running,
      (select count(*)::int from messages g join profiles p on p.id = g.profile_id where p.nickname like ${prefix} and g.kind = 'mission') as reports`,
  );
  return row!;
}
