import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SOCIAL_CONFIG } from '@aleph/rules';
import type { FriendList } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';
import { client } from './game-helpers.js';

/** Friends (docs/api.md, "Friends"): requests, acceptance, removal, blocks and the limit. */
let ctx: TestContext;
beforeAll(async () => {
  // The clock moves a day on: sessions outlive it.
  ctx = await createTestContext({
    accessTokenTtlSeconds: 365 * 86_400,
    refreshTokenTtlSeconds: 2 * 365 * 86_400,
  });
});
afterAll(() => ctx.close());

async function newPlayer() {
  const p = await signedInPlayer(ctx);
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from users where login = ${p.login}`,
  );
  const api = client(ctx, p.cookie);
  const del = async (url: string) => {
    const res = await ctx.app.inject({ method: 'DELETE', url, headers: { cookie: p.cookie } });
    return { status: res.statusCode, body: res.body ? res.json() : undefined };
  };
  return { api, del, id: row!.id, login: p.login };
}
type Player = Awaited<ReturnType<typeof newPlayer>>;

const list = async (p: Player) => {
  const res = await p.api.get('/athar/friends');
  expect(res.status).toBe(200);
  return res.body as FriendList;
};
const ids = (rows: Array<{ profileid: number }>) => rows.map((r) => r.profileid);

async function inbox(p: Player) {
  return queryRows<{ subject: string; body: string; kind: string }>(
    ctx.database.db,
    sql`select subject, body, kind from messages where profile_id = ${p.id} order by id`,
  );
}

/** Everything a refusal must leave as it was: the friendships and every inbox. */
async function snapshot() {
  return queryRows(
    ctx.database.db,
    sql`select (select coalesce(json_agg(f order by requester_id, addressee_id), '[]')
        from friendships f) as friendships,
      (select count(*)::int from messages) as messages`,
  );
}

describe('friend requests', () => {
  it('asks, tells the addressee in the inbox, and both lists show it until accepted', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const asked = await a.api.post('/athar/friends', { profileid: b.id });
    expect(asked).toEqual({ status: 201, body: { profileid: b.id, status: 'requested' } });
    expect(ids((await list(a)).outgoing)).toEqual([b.id]);
    expect((await list(b)).incoming).toEqual([
      { profileid: a.id, nickname: a.login, level: 0, at: ctx.clock.now().toISOString() },
    ]);
    const note = (await inbox(b)).at(-1)!;
    expect(note.subject).toBe(`${a.login} wants to be your friend`);
    expect(note.kind).toBe('system');
    expect(note.body).toContain('href="/friends"');

    const accepted = await b.api.post(`/athar/friends/${a.id}/accept`);
    expect(accepted).toEqual({ status: 200, body: { profileid: a.id, status: 'friends' } });
    for (const [me, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const mine = await list(me);
      expect(mine.incoming).toEqual([]);
      expect(mine.outgoing).toEqual([]);
      expect(mine.friends).toEqual([
        {
          profileid: other.id,
          nickname: other.login,
          level: 0,
          alliance: null,
          online: false,
          since: ctx.clock.now().toISOString(),
        },
      ]);
    }
    expect((await inbox(a)).at(-1)!.subject).toBe(`${b.login} accepted your friend request`);
  });

  it("accepts the other's request when asking back (200), and names a friend's alliance", async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    await a.api.post('/athar/friends', { profileid: b.id });
    const back = await b.api.post('/athar/friends', { profileid: a.id });
    expect(back).toEqual({ status: 200, body: { profileid: a.id, status: 'friends' } });
    const [alliance] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into alliances (name, tag, open, member_count, created_at)
        values (${`Band ${b.id}`}, ${`B${b.id % 1000}`}, true, 1, ${ctx.clock.now()}) returning id`,
    );
    await queryRows(
      ctx.database.db,
      sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
        values (${b.id}, ${alliance!.id}, 'leader', ${ctx.clock.now()})`,
    );
    expect((await list(a)).friends[0]!.alliance).toEqual({
      id: alliance!.id,
      name: `Band ${b.id}`,
      tag: `B${b.id % 1000}`,
    });
  });

  it('refuses self (400), unknown players (404), twice and friends again (409), changing nothing', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const c = await newPlayer();
    await a.api.post('/athar/friends', { profileid: b.id });
    await a.api.post('/athar/friends', { profileid: c.id });
    await c.api.post(`/athar/friends/${a.id}/accept`);
    const before = await snapshot();
    const self = await a.api.post('/athar/friends', { profileid: a.id });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'FRIEND_SELF', field: 'profileid' });
    expect((await a.api.post('/athar/friends', { profileid: 2_147_483_647 })).status).toBe(404);
    const again = await a.api.post('/athar/friends', { profileid: b.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'FRIEND_ALREADY_REQUESTED', field: 'profileid' });
    const friends = await c.api.post('/athar/friends', { profileid: a.id });
    expect(friends.status).toBe(409);
    expect(friends.body).toMatchObject({ code: 'ALREADY_FRIENDS' });
    const bad = await a.api.post('/athar/friends', { profileid: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'profileid' });
    // Accepting one's own request or a request nobody made.
    expect((await a.api.post(`/athar/friends/${b.id}/accept`)).status).toBe(404);
    expect((await b.api.post(`/athar/friends/${c.id}/accept`)).status).toBe(404);
    expect((await c.api.post(`/athar/friends/${a.id}/accept`)).status).toBe(404);
    expect((await b.del(`/athar/friends/${c.id}`)).status).toBe(404);
    expect((await a.del('/athar/friends/0')).status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('removes: refuse theirs, cancel mine, unfriend (204), then 404', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const c = await newPlayer();
    const d = await newPlayer();
    await b.api.post('/athar/friends', { profileid: a.id });
    await a.api.post('/athar/friends', { profileid: c.id });
    await a.api.post('/athar/friends', { profileid: d.id });
    await d.api.post(`/athar/friends/${a.id}/accept`);
    expect((await a.del(`/athar/friends/${b.id}`)).status).toBe(204);
    expect((await a.del(`/athar/friends/${c.id}`)).status).toBe(204);
    expect((await d.del(`/athar/friends/${a.id}`)).status).toBe(204);
    expect(await list(a)).toEqual({ friends: [], incoming: [], outgoing: [] });
    expect((await list(b)).outgoing).toEqual([]);
    expect((await list(c)).incoming).toEqual([]);
    expect((await list(d)).friends).toEqual([]);
    expect((await a.del(`/athar/friends/${d.id}`)).status).toBe(404);
    // Refused, a player may ask again; the same note does not come twice in a day.
    const asked = (await inbox(a)).filter(
      (m) => m.subject === `${b.login} wants to be your friend`,
    );
    expect(asked).toHaveLength(1);
    expect((await b.api.post('/athar/friends', { profileid: a.id })).status).toBe(201);
    expect(ids((await list(a)).incoming)).toEqual([b.id]);
    const again = (await inbox(a)).filter(
      (m) => m.subject === `${b.login} wants to be your friend`,
    );
    expect(again).toHaveLength(1);
    await b.del(`/athar/friends/${a.id}`);
    ctx.clock.advance(86_400_000 + 1);
    expect((await b.api.post('/athar/friends', { profileid: a.id })).status).toBe(201);
    const later = (await inbox(a)).filter(
      (m) => m.subject === `${b.login} wants to be your friend`,
    );
    expect(later).toHaveLength(2);
  });

  it('stores a blocked requester’s request without showing or telling the blocker', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    await queryRows(
      ctx.database.db,
      sql`insert into blocks (profile_id, blocked_id, created_at) values (${b.id}, ${a.id}, ${ctx.clock.now()})`,
    );
    const notes = (await inbox(b)).length;
    expect((await a.api.post('/athar/friends', { profileid: b.id })).status).toBe(201);
    expect(ids((await list(a)).outgoing)).toEqual([b.id]);
    expect((await list(b)).incoming).toEqual([]);
    expect(await inbox(b)).toHaveLength(notes);
    expect((await b.api.post(`/athar/friends/${a.id}/accept`)).status).toBe(404);
    expect((await list(a)).friends).toEqual([]);
  });
});

describe('crossing requests', () => {
  it('make one friendship, never two rows and no 500', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 6 }, async () => [await newPlayer(), await newPlayer()] as const),
    );
    const answers = await Promise.all(
      pairs.flatMap(([a, b]) => [
        a.api.post('/athar/friends', { profileid: b.id }),
        b.api.post('/athar/friends', { profileid: a.id }),
      ]),
    );
    for (let i = 0; i < pairs.length; i++) {
      const [a, b] = pairs[i]!;
      const statuses = [answers[2 * i]!.status, answers[2 * i + 1]!.status].sort();
      // The first is a request, the second finds it and accepts it.
      expect(statuses).toEqual([200, 201]);
      const rows = await queryRows<{ accepted: boolean }>(
        ctx.database.db,
        sql`select accepted_at is not null as accepted from friendships
          where requester_id in (${a.id}, ${b.id}) and addressee_id in (${a.id}, ${b.id})`,
      );
      expect(rows).toEqual([{ accepted: true }]);
      expect(ids((await list(a)).friends)).toEqual([b.id]);
    }
  });
});

describe('the friends limit', () => {
  /** `n` bare accounts (no starter grant): partners for the limit, fast. */
  async function bare(n: number, tag: string): Promise<number[]> {
    const rows = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`with u as (
          insert into users (login, login_lower, email, address, password_hash, created_at)
          select ${tag} || i, lower(${tag}) || i, ${tag} || i || '@example.com',
            '0x' || lpad(to_hex(i), 8, '0') || ${tag}, 'x', ${ctx.clock.now()}
          from generate_series(1, ${n}) as i returning id, login)
        insert into profiles (id, nickname, created_at) select id, login, ${ctx.clock.now()} from u
        returning id`,
    );
    return rows.map((r) => Number(r.id));
  }

  it(`counts friends and own requests up to ${SOCIAL_CONFIG.friends.max}, then 409 with nothing changed`, async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const c = await newPlayer();
    const max = SOCIAL_CONFIG.friends.max;
    const others = await bare(max - 1, `lim${a.id}x`);
    // Half friends (either direction), half requests of a's: all count.
    await queryRows(
      ctx.database.db,
      sql`insert into friendships (requester_id, addressee_id, created_at, accepted_at)
        select case when o % 2 = 0 then ${a.id} else o end, case when o % 2 = 0 then o else ${a.id} end,
          ${ctx.clock.now()}, case when o % 3 = 0 then null else ${ctx.clock.now()}::timestamptz end
        from unnest(${`{${others.join(',')}}`}::int[]) as o
        where o % 3 <> 0 or o % 2 = 0`,
    );
    const [counted] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from friendships where requester_id = ${a.id}
        or (addressee_id = ${a.id} and accepted_at is not null)`,
    );
    // Fill up to max - 1 with requests of a's to the partners left out above.
    const missing = max - 1 - counted!.n;
    await queryRows(
      ctx.database.db,
      sql`insert into friendships (requester_id, addressee_id, created_at)
        select ${a.id}, o, ${ctx.clock.now()}
        from unnest(${`{${others.join(',')}}`}::int[]) as o
        where not exists (select 1 from friendships f where f.requester_id = o and f.addressee_id = ${a.id})
          and not exists (select 1 from friendships f where f.requester_id = ${a.id} and f.addressee_id = o)
        limit ${missing}`,
    );
    // c asks a (incoming requests do not count), then a's last place goes to b.
    expect((await c.api.post('/athar/friends', { profileid: a.id })).status).toBe(201);
    expect((await a.api.post('/athar/friends', { profileid: b.id })).status).toBe(201);
    const before = await snapshot();
    const d = await newPlayer();
    const full = await a.api.post('/athar/friends', { profileid: d.id });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'FRIENDS_FULL', field: 'profileid' });
    const accept = await a.api.post(`/athar/friends/${c.id}/accept`);
    expect(accept.status).toBe(409);
    expect(accept.body).toMatchObject({ code: 'FRIENDS_FULL' });
    // d's registration wrote d a welcome: compare from after it.
    expect((await snapshot())[0]).toMatchObject({
      friendships: (before[0] as { friendships: unknown }).friendships,
    });
    expect((await list(a)).friends.length + (await list(a)).outgoing.length).toBe(max);
    // One removed, a place frees.
    expect((await a.del(`/athar/friends/${b.id}`)).status).toBe(204);
    expect((await a.api.post(`/athar/friends/${c.id}/accept`)).status).toBe(200);
  });
});
