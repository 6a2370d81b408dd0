import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Message, SentMessagePage } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import {
  countOf,
  eventsOf,
  inboxFromPlayers,
  sentBy,
  socialPlayer,
  write,
  type SocialPlayer,
} from './social-players.js';

/**
 * Player messages (POST /hatif/messages, GET /hatif/messages/sent): delivered to the inbox with
 * `inbox.new` and `message.new`, listed in the sender's Sent view, and refused in words past
 * every limit; a blocked sender's message is kept in Sent and reaches nobody.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const inbox = async (p: SocialPlayer) =>
  (await p.call({ method: 'GET', url: '/hatif/messages' })).json() as Message[];
const sent = async (p: SocialPlayer, cursor?: string) =>
  (
    await p.call({
      method: 'GET',
      url: `/hatif/messages/sent${cursor ? `?cursor=${cursor}` : ''}`,
    })
  ).json() as SentMessagePage;

describe('sending a message', () => {
  it('reaches the recipient by nickname in any case, with links and line breaks, and pushes', async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    const body = 'Hi <b>you</b>,\nsee https://example.org/x?a=1&b=2.\nBye';
    const before = (await eventsOf(ctx, b.id, ['message.new', 'inbox.new'])).length;
    const res = await write(a, b.nickname.toUpperCase(), '  Trade?  ', body);
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const [got] = (await inbox(b)).filter((m) => m.sender_id === a.id);
    expect(got).toMatchObject({ sender_name: a.nickname, subject: 'Trade?', read: false });
    expect(got!.body).toContain(
      'Hi &lt;b&gt;you&lt;/b&gt;,<br>see <a href="https://example.org/x?a=1&amp;b=2"',
    );
    expect(got!.body).toContain('>https://example.org/x?a=1&amp;b=2</a>.<br>Bye');
    expect(got!.body).not.toContain('<b>');
    const events = (await eventsOf(ctx, b.id, ['message.new', 'inbox.new'])).slice(before);
    expect(events.map((e) => e.type)).toEqual(['message.new', 'inbox.new']);
    expect(events[0]!.data).toEqual({
      messageId: got!.msgid,
      from: a.nickname,
      subject: 'Trade?',
      unread: 2, // the welcome message and this one
    });
    const page = await sent(a);
    expect(page).toEqual({
      messages: [
        {
          id,
          to: b.nickname,
          toProfileid: b.id,
          subject: 'Trade?',
          body,
          created: ctx.clock.now().toISOString(),
        },
      ],
      nextCursor: null,
    });
  });

  it("shows the tag of the writer's alliance beside the name, as it is now", async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    expect((await write(a, b.nickname, 'Before', 'No alliance yet.')).statusCode).toBe(201);
    const tag = `T${a.id % 10000}`;
    const [alliance] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into alliances (name, tag, open, member_count, created_at)
        values (${`Taggers ${a.id}`}, ${tag}, true, 1, ${ctx.clock.now()}) returning id`,
    );
    await ctx.database.db.execute(
      sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
        values (${a.id}, ${alliance!.id}, 'leader', ${ctx.clock.now()})`,
    );
    expect((await write(a, b.nickname, 'After', 'Now in one.')).statusCode).toBe(201);
    const mine = (await inbox(b)).filter((m) => m.sender_id === a.id);
    expect(mine.map((m) => [m.subject, m.sender_tag])).toEqual([
      ['After', tag],
      ['Before', tag],
    ]);
    const game = (await inbox(b)).find((m) => m.sender_id === undefined)!;
    expect(game.sender_tag).toBeUndefined();
  });

  it('pages the Sent view newest first', async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    await ctx.database.db.execute(
      sql`insert into sent_messages (sender_id, recipient_id, subject, body, created_at)
        select ${a.id}, ${b.id}, 'No. ' || i, 'x', now() from generate_series(1, 60) i`,
    );
    const first = await sent(a);
    expect(first.messages).toHaveLength(50);
    expect(first.messages[0]!.subject).toBe('No. 60');
    expect(first.nextCursor).not.toBeNull();
    const second = await sent(a, first.nextCursor!);
    expect(second.messages.map((m) => m.subject)).toEqual(
      Array.from({ length: 10 }, (_, i) => `No. ${10 - i}`),
    );
    expect(second.nextCursor).toBeNull();
    const bad = await a.call({ method: 'GET', url: '/hatif/messages/sent?cursor=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('cursor');
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    const cases: Array<[object, number, string, string?]> = [
      [{ to: b.nickname, subject: '   ', body: 'x' }, 400, 'subject', 'SUBJECT_EMPTY'],
      [{ to: b.nickname, subject: 'x'.repeat(121), body: 'x' }, 400, 'subject'],
      [{ to: b.nickname, subject: 'x', body: ' \n ' }, 400, 'body', 'BODY_EMPTY'],
      [{ to: b.nickname, subject: 'x', body: 'x'.repeat(2001) }, 400, 'body'],
      [{ subject: 'x', body: 'x' }, 400, 'to'],
      [{ to: b.nickname, subject: 'x', body: 'x', extra: 1 }, 400, 'extra'],
      [{ to: 'nobody-has-this-name', subject: 'x', body: 'x' }, 404, 'to', 'PLAYER_NOT_FOUND'],
      [{ to: a.nickname, subject: 'x', body: 'x' }, 400, 'to', 'MESSAGE_TO_SELF'],
    ];
    for (const [body, status, field, code] of cases) {
      const res = await a.call({ method: 'POST', url: '/hatif/messages', body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().field, JSON.stringify(body)).toBe(field);
      if (code) expect(res.json().code).toBe(code);
    }
    expect(await sentBy(ctx, a.id)).toBe(0);
    expect(await inboxFromPlayers(ctx, b.id)).toBe(0);
  });
});

describe('the limits', () => {
  it(`allows ${SOCIAL_CONFIG.messages.perHour} messages an hour, then says when it opens again`, async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    const start = ctx.clock.now();
    for (let i = 0; i < SOCIAL_CONFIG.messages.perHour; i += 1) {
      expect((await write(a, b.nickname, `No. ${i}`)).statusCode).toBe(201);
      ctx.clock.advance(60_000);
    }
    const refused = await write(a, b.nickname);
    expect(refused.statusCode).toBe(429);
    const until = new Date(start.getTime() + HOUR);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', until: until.toISOString() });
    expect(refused.json().message).toContain(
      `${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.set(until);
    expect((await write(a, b.nickname)).statusCode).toBe(201);
    expect(await sentBy(ctx, a.id)).toBe(SOCIAL_CONFIG.messages.perHour + 1);
  });

  it(`allows ${SOCIAL_CONFIG.messages.newRecipientsPerDay} new recipients a day`, async () => {
    const max = SOCIAL_CONFIG.messages.newRecipientsPerDay;
    const a = await socialPlayer(ctx);
    const others = await Promise.all(Array.from({ length: max + 1 }, () => socialPlayer(ctx)));
    const start = ctx.clock.now();
    for (const o of others.slice(0, max)) {
      expect((await write(a, o.nickname)).statusCode).toBe(201);
      ctx.clock.advance(60_000);
    }
    const refused = await write(a, others[max]!.nickname);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().until).toBe(new Date(start.getTime() + 24 * HOUR).toISOString());
    expect(refused.json().message).toMatch(/new players a day/);
    // Someone already written to is no new recipient.
    expect((await write(a, others[0]!.nickname)).statusCode).toBe(201);
    expect(await inboxFromPlayers(ctx, others[max]!.id)).toBe(0);
  });

  it('refuses a muted player with when the mute ends', async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    const until = new Date(ctx.clock.now().getTime() + HOUR);
    await ctx.database.db.execute(sql`update users set muted_until = ${until} where id = ${a.id}`);
    const res = await write(a, b.nickname);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_MUTED', until: until.toISOString() });
    expect(await sentBy(ctx, a.id)).toBe(0);
  });

  it('lets a player below level 1 write only to players who wrote to them', async () => {
    const newbie = await socialPlayer(ctx, 0);
    const b = await socialPlayer(ctx);
    const first = await write(newbie, b.nickname);
    expect(first.statusCode).toBe(403);
    expect(first.json().code).toBe('MAY_NOT_WRITE_YET');
    expect(await inboxFromPlayers(ctx, b.id)).toBe(0);
    expect((await write(b, newbie.nickname)).statusCode).toBe(201);
    expect((await write(newbie, b.nickname, 'Re: Hello')).statusCode).toBe(201);
    expect(await inboxFromPlayers(ctx, b.id)).toBe(1);
  });

  it('never exceeds the hourly limit under 40 parallel sends', async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => write(a, b.nickname, `Parallel ${i}`)),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    const perHour = SOCIAL_CONFIG.messages.perHour;
    expect(codes).toEqual([
      ...Array<number>(perHour).fill(201),
      ...Array<number>(40 - perHour).fill(429),
    ]);
    expect(await sentBy(ctx, a.id)).toBe(perHour);
    expect(await inboxFromPlayers(ctx, b.id)).toBe(perHour);
  });
});

describe('a blocked sender', () => {
  it('is answered as usual and sees the message in Sent, but nothing reaches the recipient', async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    const block = await b.call({ method: 'POST', url: '/athar/blocks', body: { profileid: a.id } });
    expect(block.statusCode).toBe(201);
    const eventsBefore = await eventsOf(ctx, b.id, ['message.new', 'inbox.new']);
    const res = await write(a, b.nickname, 'Are you there?');
    expect(res.statusCode).toBe(201);
    expect((await sent(a)).messages.map((m) => m.subject)).toEqual(['Are you there?']);
    expect(await inboxFromPlayers(ctx, b.id)).toBe(0);
    expect((await inbox(b)).some((m) => m.subject === 'Are you there?')).toBe(false);
    expect(await eventsOf(ctx, b.id, ['message.new', 'inbox.new'])).toEqual(eventsBefore);
    const [row] = await rowsOf(sql`select message_id from sent_messages where sender_id = ${a.id}`);
    expect(row).toEqual({ message_id: null });
    // Lifted, the next message arrives.
    const lift = await b.call({ method: 'DELETE', url: `/athar/blocks/${a.id}` });
    expect(lift.statusCode).toBe(204);
    expect((await write(a, b.nickname, 'Now?')).statusCode).toBe(201);
    expect(await inboxFromPlayers(ctx, b.id)).toBe(1);
  });
});

describe('the player search', () => {
  it('finds up to 10 players by the start of the nickname, without regard to case', async () => {
    const me = await socialPlayer(ctx);
    const prefix = me.nickname.slice(0, 7);
    const res = await me.call({
      method: 'GET',
      url: `/athar/players?prefix=${prefix.toUpperCase()}`,
    });
    expect(res.statusCode).toBe(200);
    const found = res.json() as Array<{ profileid: number; nickname: string }>;
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(10);
    expect(found.every((p) => p.nickname.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(
      true,
    );
    expect(found.some((p) => p.profileid === me.id)).toBe(false);
    const exact = await me.call({ method: 'GET', url: `/athar/players?prefix=%25` });
    expect(exact.json()).toEqual([]);
    for (const q of ['', `prefix=${'x'.repeat(33)}`, 'prefix=%20%20']) {
      const bad = await me.call({ method: 'GET', url: `/athar/players?${q}` });
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().field, q).toBe('prefix');
    }
  });
});

describe('reporting a message or a chat line', () => {
  it('stores a copy of the reported message', async () => {
    const a = await socialPlayer(ctx);
    const b = await socialPlayer(ctx);
    await write(a, b.nickname, 'You again', 'Line one\nhttps://spam.example');
    const [m] = (await inbox(b)).filter((x) => x.sender_id === a.id);
    const wrong = await b.call({
      method: 'POST',
      url: '/athar/reports',
      body: { profileid: (await socialPlayer(ctx)).id, reason: 'spam', messageid: m!.msgid },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('messageid');
    const res = await b.call({
      method: 'POST',
      url: '/athar/reports',
      body: { profileid: a.id, reason: 'spam', messageid: m!.msgid },
    });
    expect(res.statusCode).toBe(201);
    const [r] = await rowsOf(
      sql`select quote, message_id, chat_line_id from reports where id = ${res.json().id}`,
    );
    expect(r).toEqual({
      quote: 'You again\n\nLine one\nhttps://spam.example',
      message_id: m!.msgid,
      chat_line_id: null,
    });
  });

  it("stores a copy of a line of the reporter's alliance chat, and refuses other alliances' lines", async () => {
    const author = await socialPlayer(ctx);
    const reporter = await socialPlayer(ctx);
    const outsider = await socialPlayer(ctx);
    const at = ctx.clock.now();
    const [alliance] = await rowsOf(
      sql`insert into alliances (name, tag, open, member_count, created_at)
        values (${`Quoters ${author.id}`}, ${`Q${author.id % 10000}`}, true, 2, ${at}) returning id`,
    );
    const allianceId = Number(alliance!.id);
    await ctx.database.db.execute(
      sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
        values (${author.id}, ${allianceId}, 'leader', ${at}), (${reporter.id}, ${allianceId}, 'member', ${at})`,
    );
    const [line] = await rowsOf(
      sql`insert into alliance_chat (alliance_id, profile_id, nickname, text, created_at)
        values (${allianceId}, ${author.id}, ${author.nickname}, 'rude words', ${at}) returning id`,
    );
    const chatlineid = Number(line!.id);
    const report = (p: SocialPlayer, profileid: number) =>
      p.call({
        method: 'POST',
        url: '/athar/reports',
        body: { profileid, reason: 'harassment', chatlineid },
      });
    const notMember = await report(outsider, author.id);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().field).toBe('chatlineid');
    const notAuthor = await report(reporter, outsider.id);
    expect(notAuthor.statusCode).toBe(400);
    expect(notAuthor.json().field).toBe('chatlineid');
    const res = await report(reporter, author.id);
    expect(res.statusCode).toBe(201);
    const [r] = await rowsOf(
      sql`select quote, chat_line_id from reports where id = ${res.json().id}`,
    );
    expect(r).toEqual({ quote: 'rude words', chat_line_id: chatlineid });
    expect(
      await countOf(
        ctx,
        sql`select count(*)::int as n from reports where reporter_id = ${outsider.id}`,
      ),
    ).toBe(0);
  });
});

function rowsOf(query: ReturnType<typeof sql>) {
  return queryRows<Record<string, unknown>>(ctx.database.db, query);
}
