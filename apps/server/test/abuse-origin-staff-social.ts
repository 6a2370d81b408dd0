import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { newPlayer, type Call } from './abuse-players.js';
import type { TestContext } from './helpers.js';

/**
 * For each POST route of the console's social actions, a request that succeeds when it comes
 * from the site (abuse-origin.test.ts). The moderator, the alliance and its line are made once;
 * each factory first puts back the state its request needs (the line not deleted) or asks for
 * a name the alliance does not have yet, so every call succeeds and adds no row.
 */
export async function staffSocialOriginCases(
  ctx: TestContext,
): Promise<Array<[string, () => Promise<Call>]>> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [moderator, leader] = [await newPlayer(ctx), await newPlayer(ctx)];
  await db.execute(sql`update users set role = 'moderator' where id = ${moderator.id}`);
  const [band] = await queryRows<{ id: number }>(
    db,
    sql`insert into alliances (name, tag, open, member_count, created_at)
        values ('Origin Staff', 'OSTF', true, 1, ${now}) returning id`,
  );
  const id = Number(band!.id);
  await db.execute(sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
    values (${leader.id}, ${id}, 'leader', ${now})`);
  const [line] = await queryRows<{ id: number }>(
    db,
    sql`insert into alliance_chat (alliance_id, profile_id, nickname, text, created_at)
        values (${id}, ${leader.id}, 'origin', 'Staff delete this.', ${now}) returning id`,
  );
  const reason = 'Checked by the support team';
  let names = 0;
  let devices = 0;
  return [
    [
      'POST /diwan/chat/:lineid/delete',
      async () => {
        await db.execute(sql`update alliance_chat set deleted_at = null where id = ${line!.id}`);
        return {
          method: 'POST',
          url: `/diwan/chat/${line!.id}/delete`,
          cookie: moderator.cookie,
          body: { reason },
        };
      },
    ],
    [
      'POST /diwan/alliances/:id/rename',
      async () => ({
        method: 'POST',
        url: `/diwan/alliances/${id}/rename`,
        cookie: moderator.cookie,
        body: { name: `Origin Staff ${++names}`, reason },
      }),
    ],
    [
      'POST /diwan/players/:id/push/:deviceId/remove',
      async () => {
        // Each call removes a device: a new one of the leader's for it to remove.
        const [device] = await queryRows<{ id: number }>(
          db,
          sql`insert into push_subscriptions (profile_id, endpoint, p256dh, auth, created_at)
            values (${leader.id}, ${`https://push.example.test/origin/${++devices}`}, 'key',
              'auth', ${now}) returning id`,
        );
        return {
          method: 'POST',
          url: `/diwan/players/${leader.id}/push/${device!.id}/remove`,
          cookie: moderator.cookie,
          body: { reason },
        };
      },
    ],
  ];
}
