import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AllianceChatPage, ChatLine } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { createTestContext, type TestContext } from './helpers.js';
import { allianceOf, player, type TestPlayer } from './alliance-test-kit.js';

const { perMinute, pageSize, maxLength } = SOCIAL_CONFIG.alliances.chat;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const call = async (
  who: TestPlayer,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined, headers: res.headers };
};
const chat = (id: number) => `/athar/alliances/${id}/chat`;
const say = (who: TestPlayer, id: number, text: string) => call(who, 'POST', chat(id), { text });
const history = async (who: TestPlayer, id: number, before?: number) => {
  const res = await call(who, 'GET', before ? `${chat(id)}?before=${before}` : chat(id));
  expect(res.status).toBe(200);
  return res.body as AllianceChatPage;
};

async function band() {
  const [leader, officer, member] = [await player(ctx), await player(ctx), await player(ctx)];
  const id = await allianceOf(ctx, [
    { id: leader.id, role: 'leader' },
    { id: officer.id, role: 'officer' },
    { id: member.id, role: 'member' },
  ]);
  return { id, leader, officer, member };
}

describe('alliance chat: posting', () => {
  it('a member posts a trimmed line stored with their nickname; history shows it newest last', async () => {
    const { id, leader, member } = await band();
    const first = await say(leader, id, '  Hello all  ');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      allianceId: id,
      profileid: leader.id,
      nickname: leader.nickname,
      text: 'Hello all',
      deleted: false,
    });
    expect((await say(member, id, `Hi @${leader.nickname}`)).status).toBe(201);
    const page = await history(member, id);
    expect(page.lines.map((l) => l.text)).toEqual(['Hello all', `Hi @${leader.nickname}`]);
    expect(page.nextBefore).toBeNull();
  });

  it('refuses empty and too long lines naming the field', async () => {
    const { id, member } = await band();
    const empty = await say(member, id, '   ');
    expect(empty.status).toBe(400);
    expect(empty.body.field).toBe('text');
    const long = await say(member, id, 'x'.repeat(maxLength + 1));
    expect(long.status).toBe(400);
    expect(long.body.field).toBe('text');
    expect((await say(member, id, 'x'.repeat(maxLength))).status).toBe(201);
  });

  it('is for members only: outsiders and other alliances get 403, no alliance 404', async () => {
    const { id } = await band();
    const other = await band();
    const outsider = await player(ctx);
    for (const who of [outsider, other.leader, other.officer]) {
      expect((await say(who, id, 'let me in')).status).toBe(403);
      expect((await call(who, 'GET', chat(id))).status).toBe(403);
    }
    expect((await say(outsider, 999_999, 'anyone?')).status).toBe(404);
    expect((await call(outsider, 'GET', chat(999_999))).status).toBe(404);
    expect((await history(other.leader, other.id)).lines).toEqual([]);
  });

  it('a muted member is refused with the mute end', async () => {
    const { id, member } = await band();
    const until = new Date(ctx.clock.now().getTime() + 3_600_000);
    await ctx.database.db.execute(
      sql`update users set muted_until = ${until} where id = ${member.id}`,
    );
    const res = await say(member, id, 'can you hear me');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_MUTED', until: until.toISOString() });
    expect((await history(member, id)).lines).toEqual([]);
  });

  it(`${perMinute} lines per rolling minute, also in parallel; 429 says when it opens`, async () => {
    const { id, member } = await band();
    const results = await Promise.all(
      Array.from({ length: perMinute + 5 }, (_, i) => say(member, id, `line ${i}`)),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(perMinute);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(5);
    const opens = new Date(ctx.clock.now().getTime() + 60_000).toISOString();
    expect(refused[0]!.body).toMatchObject({ code: 'RATE_LIMITED', until: opens });
    expect(Number(refused[0]!.headers['retry-after'])).toBe(60);
    ctx.clock.advance(59_000);
    expect((await say(member, id, 'still too soon')).status).toBe(429);
    ctx.clock.advance(1_000);
    expect((await say(member, id, 'open again')).status).toBe(201);
  });
});

describe('alliance chat: history and deletion', () => {
  it('pages back with `before`, each page oldest first, to the first line', async () => {
    const { id, leader, member } = await band();
    const total = pageSize * 2 + 7;
    await ctx.database.db.execute(
      sql`insert into alliance_chat (alliance_id, profile_id, nickname, text, created_at)
          select ${id}, ${leader.id}, ${leader.nickname}, 'n' || g, ${ctx.clock.now()}
          from generate_series(1, ${total}) g`,
    );
    const texts: string[] = [];
    let page = await history(member, id);
    const pages = [page];
    while (page.nextBefore !== null) {
      page = await history(member, id, page.nextBefore);
      pages.push(page);
    }
    for (const p of [...pages].reverse()) texts.push(...p.lines.map((l) => l.text));
    expect(pages.map((p) => p.lines.length)).toEqual([pageSize, pageSize, 7]);
    expect(texts).toEqual(Array.from({ length: total }, (_, i) => `n${i + 1}`));
  });

  it('officers and the leader delete lines; members and other alliances cannot', async () => {
    const { id, leader, officer, member } = await band();
    const other = await band();
    const line = (await say(member, id, 'rude words')).body as ChatLine;
    const url = `${chat(id)}/${line.id}`;
    expect((await call(member, 'DELETE', url)).status).toBe(403);
    expect((await call(other.leader, 'DELETE', url)).status).toBe(403);
    expect((await call(other.leader, 'DELETE', `${chat(other.id)}/${line.id}`)).status).toBe(404);
    expect((await history(member, id)).lines[0]).toMatchObject({ text: 'rude words' });
    expect((await call(officer, 'DELETE', url)).status).toBe(204);
    expect((await call(leader, 'DELETE', url)).status).toBe(204);
    const [shown] = (await history(member, id)).lines;
    expect(shown).toMatchObject({
      id: line.id,
      text: '',
      deleted: true,
      nickname: member.nickname,
    });
    const own = (await say(officer, id, 'mine')).body as ChatLine;
    expect((await call(leader, 'DELETE', `${chat(id)}/${own.id}`)).status).toBe(204);
  });
});
