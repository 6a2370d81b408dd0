import { sql } from 'drizzle-orm';
import type { AllianceRole } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { signedInPlayer, type TestContext } from './helpers.js';

/** A signed-in player and their profile id (light: no starter lookups). */
export async function player(ctx: TestContext) {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number; nickname: string }>(
    ctx.database.db,
    sql`select u.id, p.nickname from users u join profiles p on p.id = u.id
        where u.login = ${p.login}`,
  );
  return { ...p, id: Number(row!.id), nickname: row!.nickname };
}
export type TestPlayer = Awaited<ReturnType<typeof player>>;

let made = 0;

/**
 * An alliance with these members, written straight into the tables (the membership routes are
 * another suite's): the first role given is usually the leader.
 */
export async function allianceOf(
  ctx: TestContext,
  members: ReadonlyArray<{ id: number; role: AllianceRole }>,
): Promise<number> {
  made += 1;
  const suffix = `${made}${Math.floor(Math.random() * 1e6)}`;
  // Tags are unique: five random letters collide once in millions.
  const tag = Array.from({ length: 5 }, () =>
    String.fromCharCode(65 + Math.floor(Math.random() * 26)),
  ).join('');
  const now = ctx.clock.now();
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`insert into alliances (name, tag, description, open, member_count, created_at)
        values (${`Band ${suffix}`}, ${tag}, '', true, ${members.length}, ${now})
        returning id`,
  );
  const id = Number(row!.id);
  for (const m of members) {
    await ctx.database.db.execute(
      sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
          values (${m.id}, ${id}, ${m.role}, ${now})`,
    );
  }
  return id;
}
