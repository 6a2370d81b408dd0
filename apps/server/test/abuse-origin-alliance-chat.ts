import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { newPlayer, type Call } from './abuse-players.js';
import type { TestContext } from './helpers.js';

/**
 * For each POST, PUT and DELETE route of alliance chat, a request that succeeds when it comes from
 * the site (abuse-origin.test.ts): each factory is called once per header set, so each call
 * answers a fresh request that succeeds (a `cookie` of the player it acts for). The alliance,
 * its leader, a member and one line are made once; each factory first puts back the state its
 * request needs (no line of the poster in the last minute, the line not deleted), which is the
 * state they start in, so a refused request leaves the row counts as they were.
 */
export async function allianceChatOriginCases(
  ctx: TestContext,
): Promise<Array<[string, () => Promise<Call>]>> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [leader, poster] = [await newPlayer(ctx), await newPlayer(ctx)];
  const [band] = await queryRows<{ id: number }>(
    db,
    sql`insert into alliances (name, tag, open, member_count, created_at)
        values ('Origin Chat', 'OCH', true, 2, ${now}) returning id`,
  );
  const id = Number(band!.id);
  await db.execute(sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
    values (${leader.id}, ${id}, 'leader', ${now}), (${poster.id}, ${id}, 'member', ${now})`);
  const [line] = await queryRows<{ id: number }>(
    db,
    sql`insert into alliance_chat (alliance_id, profile_id, nickname, text, created_at)
        values (${id}, ${leader.id}, 'origin', 'To be deleted.', ${now}) returning id`,
  );
  return [
    [
      'POST /athar/alliances/:id/chat',
      async () => {
        await db.execute(sql`delete from alliance_chat where profile_id = ${poster.id}`);
        return {
          method: 'POST',
          url: `/athar/alliances/${id}/chat`,
          cookie: poster.cookie,
          body: { text: 'From the site.' },
        };
      },
    ],
    [
      'DELETE /athar/alliances/:id/chat/:lineid',
      async () => {
        await db.execute(sql`update alliance_chat set deleted_at = null, deleted_by = null
          where id = ${line!.id}`);
        return {
          method: 'DELETE',
          url: `/athar/alliances/${id}/chat/${line!.id}`,
          cookie: leader.cookie,
        };
      },
    ],
  ];
}
