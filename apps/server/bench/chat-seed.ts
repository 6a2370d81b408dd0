import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.js';

/** The bench's alliances are named so; each run replaces the last run's. */
const NAME_PREFIX = 'Bench chat ';

/**
 * `count` alliances of `size` members each, straight into `alliances` and `alliance_members`
 * (as push-seed.ts seeds missions): alliance k holds profiles[k*size .. k*size+size-1], the
 * first its leader, the next two officers. The last run's bench alliances go first (their
 * members and chat lines with them, by the foreign keys' cascade), so the same players can be
 * seated again however the sizes changed. Answers each alliance's id and its members in order.
 */
export async function seedChatAlliances(
  db: Db,
  profileIds: readonly number[],
  count: number,
  size: number,
  now: Date,
): Promise<Array<{ id: number; members: number[] }>> {
  if (profileIds.length < count * size)
    throw new Error(`${count} alliances of ${size} need ${count * size} players`);
  await db.execute(sql`delete from alliances where name like ${NAME_PREFIX + '%'}`);
  const ids = profileIds.slice(0, count * size);
  // Any other alliance these players are in (the demo world's, a test's): one alliance each.
  await db.execute(
    sql`delete from alliance_members where profile_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const alliances: Array<{ id: number; members: number[] }> = [];
  for (let first = 0; first < count; first += 500) {
    const ks = Array.from({ length: Math.min(500, count - first) }, (_, i) => first + i);
    // Tags of 2-5 letters or digits, unique: 'B' and the number in base 36.
    const rows = ks.map((k) => ({ k, name: `${NAME_PREFIX}${k}`, tag: `B${k.toString(36)}` }));
    const made = await queryRows<{ id: number; k: number }>(
      db,
      sql`
      insert into alliances (name, tag, description, open, member_count, created_at)
      select v.name, v.tag, '', false, ${size}::int, ${now}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(k int, name text, tag text)
      order by v.k
      returning id, (regexp_replace(name, '\\D', '', 'g'))::int as k`,
    );
    const members = made.flatMap((r) =>
      Array.from({ length: size }, (_, j) => ({
        a: Number(r.id),
        p: ids[Number(r.k) * size + j]!,
        role: j === 0 ? 'leader' : j < 3 ? 'officer' : 'member',
        // Joined one after another: succession and the page's order are well defined.
        at: new Date(now.getTime() - (size - j) * 1000).toISOString(),
      })),
    );
    await db.execute(sql`
      insert into alliance_members (profile_id, alliance_id, role, joined_at)
      select v.p, v.a, v.role, v.at from jsonb_to_recordset(${JSON.stringify(members)}::jsonb)
        as v(p int, a int, role text, at timestamptz)`);
    for (const r of made)
      alliances[Number(r.k)] = {
        id: Number(r.id),
        members: ids.slice(Number(r.k) * size, Number(r.k) * size + size),
      };
  }
  await db.execute(sql`analyze alliance_members`);
  return alliances;
}
