import { sql } from 'drizzle-orm';
import { newPlayer, type Call } from './abuse-players.js';
import type { TestContext } from './helpers.js';

/**
 * For each POST, PUT and DELETE route of player messages, blocks and friends, a request that succeeds when it comes from
 * the site (abuse-origin.test.ts): each factory is called once per header set, so each call
 * answers a fresh request that succeeds (a `cookie` of the player it acts for).
 */
export async function socialOriginCases(
  ctx: TestContext,
): Promise<Array<[string, () => Promise<Call>]>> {
  return [...(await friendOriginCases(ctx)), ...(await messageOriginCases(ctx))];
}

/**
 * Friends: the players are made once (a factory runs inside the "nothing changed" check, which
 * counts players), and each call first sets the pair's friendship row as its request needs.
 */
async function friendOriginCases(ctx: TestContext): Promise<Array<[string, () => Promise<Call>]>> {
  const me = await newPlayer(ctx);
  const [asked, asking, friend] = [
    await newPlayer(ctx),
    await newPlayer(ctx),
    await newPlayer(ctx),
  ];
  const pair = (a: number, b: number) =>
    sql`(requester_id = ${a} and addressee_id = ${b}) or (requester_id = ${b} and addressee_id = ${a})`;
  const reset = async (other: number, requester: number | null, accepted = false) => {
    await ctx.database.db.execute(sql`delete from friendships where ${pair(me.id, other)}`);
    if (requester === null) return;
    const addressee = requester === me.id ? other : me.id;
    await ctx.database.db
      .execute(sql`insert into friendships (requester_id, addressee_id, created_at, accepted_at)
      values (${requester}, ${addressee}, ${ctx.clock.now()}, ${accepted ? ctx.clock.now() : null})`);
  };
  return [
    [
      'POST /athar/friends',
      async () => {
        await reset(asked.id, null);
        return {
          method: 'POST',
          url: '/athar/friends',
          body: { profileid: asked.id },
          cookie: me.cookie,
        };
      },
    ],
    [
      'POST /athar/friends/:profileid/accept',
      async () => {
        await reset(asking.id, asking.id);
        return { method: 'POST', url: `/athar/friends/${asking.id}/accept`, cookie: me.cookie };
      },
    ],
    [
      'DELETE /athar/friends/:profileid',
      async () => {
        await reset(friend.id, friend.id, true);
        return { method: 'DELETE', url: `/athar/friends/${friend.id}`, cookie: me.cookie };
      },
    ],
  ];
}

/**
 * Messages and blocks: the players are made once; a message goes to the same recipient each
 * time (far below the hourly limit), and each block call first sets the block row as needed.
 */
async function messageOriginCases(ctx: TestContext): Promise<Array<[string, () => Promise<Call>]>> {
  const [me, other] = [await newPlayer(ctx), await newPlayer(ctx)];
  // Level 1 writes to anyone (docs/game-rules.md, Player messages).
  await ctx.database.db.execute(sql`update profiles set level = 1 where id = ${me.id}`);
  const [row] = await ctx.database.db
    .execute(sql`select nickname from profiles where id = ${other.id}`)
    .then((r) => (r as unknown as { rows: Array<{ nickname: string }> }).rows);
  const unblock = () =>
    ctx.database.db.execute(
      sql`delete from blocks where profile_id = ${me.id} and blocked_id = ${other.id}`,
    );
  return [
    [
      'POST /hatif/messages',
      async () => ({
        method: 'POST',
        url: '/hatif/messages',
        body: { to: row!.nickname, subject: 'Hello', body: 'From the site.' },
        cookie: me.cookie,
      }),
    ],
    [
      'POST /athar/blocks',
      async () => {
        await unblock();
        return {
          method: 'POST',
          url: '/athar/blocks',
          body: { profileid: other.id },
          cookie: me.cookie,
        };
      },
    ],
    [
      'DELETE /athar/blocks/:profileid',
      async () => {
        await unblock();
        await ctx.database.db.execute(
          sql`insert into blocks (profile_id, blocked_id, created_at)
            values (${me.id}, ${other.id}, ${ctx.clock.now()})`,
        );
        return { method: 'DELETE', url: `/athar/blocks/${other.id}`, cookie: me.cookie };
      },
    ],
  ];
}
