import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.js';

const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Gives each of these bench players `perPlayer` more resident heroes on their land
 * ('Push <land>-<k>'), once: a hero runs at most one mission at a time (the unique index
 * `missions_one_running_per_hero`), so a player whose missions finish every few seconds needs
 * several.
 */
export async function seedPushHeroes(
  db: Db,
  profileIds: readonly number[],
  perPlayer: number,
  now: Date,
): Promise<void> {
  for (let i = 0; i < profileIds.length; i += 20_000) {
    await db.execute(sql`
      insert into heroes (owner_id, name, rarity, sex, element, generation, skills, residence_id, created_at)
      select l.owner_id, 'Push ' || l.id || '-' || k, (l.id + k) % 5, k % 2, (l.id + k) % 4, 0,
             array[10, 20, 30, 40, 25, 35 + k, 15, 45]::smallint[], l.id, ${now}::timestamptz
      from lands l cross join generate_series(0, ${perPlayer - 1}::int) k
      where l.owner_id = any(${intArray(profileIds.slice(i, i + 20_000))})
        and not exists (select 1 from heroes h where h.residence_id = l.id and h.name = 'Push ' || l.id || '-' || k)`);
  }
  await db.execute(sql`analyze heroes`);
}

/**
 * `count` running SEARCHELEMENT missions of push heroes, falling due at `rate` per second from
 * `firstDue` on: the j-th goes to player j mod n (hero j div n), so the missions due in any one
 * second belong to different players and every player's finish one after another. Answers each
 * mission's id and player.
 */
export async function seedPushMissions(
  db: Db,
  profileIds: readonly number[],
  count: number,
  rate: number,
  firstDue: Date,
): Promise<Map<number, number>> {
  const n = profileIds.length;
  const rows = await queryRows<{ id: number; p: number }>(
    db,
    sql`with p as (select id, ord from unnest(${intArray(profileIds)}) with ordinality as p(id, ord)),
      s as (select g as j, (g % ${n}::int) + 1 as ord, g / ${n}::int as k from generate_series(0, ${count - 1}::int) g)
    insert into missions (profile_id, hero_id, land_id, type, params, seed, reservation, started_at, eta, status)
    select h.owner_id, h.id, h.residence_id, 'SEARCHELEMENT',
           jsonb_build_object('landid', h.residence_id, 'heroid', h.id, 'elemid', h.id % 4),
           h.id, '{"elemid":null,"elementals":0,"shards":0,"items":{}}'::jsonb,
           e.eta - interval '90 minutes', e.eta, 'running'
    from s join p on p.ord = s.ord
    join lands l on l.owner_id = p.id
    join heroes h on h.residence_id = l.id and h.name = 'Push ' || l.id || '-' || s.k
    cross join lateral (select ${firstDue}::timestamptz + (s.j * ${1000 / rate}::float8) * interval '1 millisecond' as eta) e
    returning id, profile_id as p`,
  );
  if (rows.length !== count)
    throw new Error(`seeded ${rows.length} of ${count} push missions: too few push heroes`);
  // The claim's plan reads these statistics (autovacuum may be off on a bench database).
  await db.execute(sql`analyze missions`);
  return new Map(rows.map((r) => [Number(r.id), Number(r.p)]));
}
