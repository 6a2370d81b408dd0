import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { assertNotMuted } from '../src/core/account-status.js';
import { queryRows } from '../src/db/client.js';
import { cookiesFrom, createTestContext, type TestContext } from './helpers.js';
import { ENDPOINTS, nameOf } from './abuse-endpoints.js';
import { send, type Player } from './abuse-players.js';
import {
  accountState,
  as,
  lastMessage,
  lastStaffLog,
  staffLogCount,
  withRole,
} from './staff-helpers.js';

/**
 * The console's actions on an account (docs/operations.md, "Moderation"): each writes its
 * staff-log row with the action, who, whom, why and what changed; suspensions and bans end the
 * sessions and refuse sign-ins with the end date; mutes refuse messages; the player is told in
 * the inbox in staff's words, never the internal reason. Bad input is a 400 naming the field
 * and changes nothing.
 */

let ctx: TestContext;
let admin: Player;
beforeAll(async () => {
  // Sessions outlive the clock moves below.
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  admin = await withRole(ctx, 'admin');
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const reason = 'Reported twice for insults';
const inHours = (h: number) => new Date(ctx.clock.now().getTime() + h * HOUR).toISOString();
/**
 * An admin's request; when the clock has moved past the session's 15 fresh minutes, the admin
 * enters the password again and the request is sent again, as the console does.
 */
async function staffCall(call: { method: 'POST' | 'PUT'; url: string; body: object }) {
  const first = await as(ctx, admin, call);
  if (first.statusCode !== 403 || first.json().code !== 'REAUTH_REQUIRED') return first;
  const reauth = await as(ctx, admin, {
    method: 'POST',
    url: '/diwan/reauth',
    body: { password: admin.password },
  });
  expect(reauth.statusCode).toBe(200);
  return as(ctx, admin, call);
}
const act = (path: string, target: Player, body: object, method: 'POST' | 'PUT' = 'POST') =>
  staffCall({ method, url: `/diwan/players/${target.id}/${path}`, body });
const login = (p: Player) =>
  send(ctx, {
    method: 'POST',
    url: '/abwab/login',
    body: { username: p.login, password: p.password },
  });
/** The alliance `p` leads, made on first use, with a line of theirs in its chat. */
const bands = new Map<number, { id: number; lineId: number }>();
/** An open hero auction of the player's, as the Bazaar stores it (for the staff cancel). */
async function listingOf(p: Player): Promise<number> {
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const [hero] = await queryRows<{ id: number }>(
    db,
    sql`select id from heroes where owner_id = ${p.id} order by id limit 1`,
  );
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into bazaar_listings (seller_id, kind, hero_id, title, good_key, currency, price,
          start_price, auction_days, listing_fee, created_at, ends_at)
        values (${p.id}, 'hero', ${hero?.id ?? null}, 'Walk hero', 'hero:0', 'gold', 500, 500, 1, 5,
          ${now}, ${new Date(now.getTime() + 86_400_000)}) returning id`,
  );
  return row!.id;
}

/** A web push device of the player's, as a subscribe stores it (for the staff remove). */
async function pushDeviceOf(p: Player): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`insert into push_subscriptions (profile_id, endpoint, p256dh, auth, created_at)
        values (${p.id}, ${`https://push.example.test/walk/${p.id}`}, 'key', 'auth',
          ${ctx.clock.now()}) returning id`,
  );
  return Number(row!.id);
}

async function bandOf(p: Player) {
  const known = bands.get(p.id);
  if (known) return known;
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const [band] = await queryRows<{ id: number }>(
    db,
    sql`insert into alliances (name, tag, open, member_count, created_at)
        values (${`Walk band ${p.id}`}, ${`W${p.id % 10_000}`}, true, 1, ${now}) returning id`,
  );
  await db.execute(sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
    values (${p.id}, ${band!.id}, 'leader', ${now})`);
  const [line] = await queryRows<{ id: number }>(
    db,
    sql`insert into alliance_chat (alliance_id, profile_id, nickname, text, created_at)
        values (${band!.id}, ${p.id}, 'walker', 'A line to hide', ${now}) returning id`,
  );
  const made = { id: Number(band!.id), lineId: Number(line!.id) };
  bands.set(p.id, made);
  return made;
}
const signedIn = async (cookie: string) =>
  (await send(ctx, { method: 'GET', url: '/athar/profile', cookie })).statusCode;

describe('every action writes its staff-log row', () => {
  it('walks every action route of the console', async () => {
    const target = await withRole(ctx, 'player');
    const reporter = await withRole(ctx, 'player');
    await ctx.database.db.execute(sql`update users set totp_secret = 'JBSWY3DPEHPK3PXP',
      totp_enabled_at = ${ctx.clock.now()} where id = ${target.id}`);
    const report = async () => {
      const res = await as(ctx, reporter, {
        method: 'POST',
        url: '/athar/reports',
        body: { profileid: target.id, reason: 'abusive_name' },
      });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id: number }).id;
    };
    const until = inHours(24);
    /** Each action route, the request that does it, and the row it must leave. */
    const walk: [string, () => Promise<{ url: string; method?: 'PUT'; body: object }>, object][] = [
      [
        'POST /diwan/players/:id/suspend',
        async () => ({ url: 'suspend', body: { until, reason, notice: 'A day off.' } }),
        { action: 'suspend', details: { after: { suspendedUntil: until }, sessionsEnded: 1 } },
      ],
      [
        'POST /diwan/players/:id/lift',
        async () => ({ url: 'lift', body: { reason } }),
        { action: 'lift', details: { before: { suspendedUntil: until } } },
      ],
      [
        'POST /diwan/players/:id/mute',
        async () => ({ url: 'mute', body: { until, reason, notice: 'Quiet.' } }),
        { action: 'mute', details: { after: { mutedUntil: until }, notice: 'Quiet.' } },
      ],
      [
        'POST /diwan/players/:id/unmute',
        async () => ({ url: 'unmute', body: { reason } }),
        { action: 'unmute', details: { after: { mutedUntil: null } } },
      ],
      [
        'POST /diwan/players/:id/rename',
        async () => ({
          url: 'rename',
          body: { nickname: `renamed_${target.id}`, reason, notice: 'New name.' },
        }),
        {
          action: 'rename',
          details: {
            before: { nickname: target.login },
            after: { nickname: `renamed_${target.id}` },
          },
        },
      ],
      [
        'POST /diwan/players/:id/grant',
        async () => ({
          url: 'grant',
          body: { kind: 'platinum', amount: 40, reason, notice: 'Sorry for the outage.' },
        }),
        {
          action: 'grant',
          details: { grant: { platinum: 40 }, before: { platinum: 0 }, after: { platinum: 40 } },
        },
      ],
      [
        'POST /diwan/players/:id/end-sessions',
        async () => ({ url: 'end-sessions', body: { reason } }),
        { action: 'end_sessions', details: { sessionsEnded: 0 } },
      ],
      [
        'POST /diwan/players/:id/message',
        async () => ({ url: 'message', body: { subject: 'Hi', body: 'From staff.', reason } }),
        { action: 'message', details: { subject: 'Hi', body: 'From staff.' } },
      ],
      [
        'POST /diwan/players/:id/2fa-reset',
        async () => ({ url: '2fa-reset', body: { reason } }),
        { action: 'two_factor_reset', details: { after: { twoFactor: false } } },
      ],
      [
        'PUT /diwan/players/:id/role',
        async () => ({ url: 'role', method: 'PUT', body: { role: 'moderator', reason } }),
        { action: 'role.set', details: { after: { role: 'moderator' } } },
      ],
      [
        'POST /diwan/reports/:id/resolve',
        async () => ({
          url: `/diwan/reports/${await report()}/resolve`,
          body: { action: (await lastStaffLog(ctx)).id, reason },
        }),
        { action: 'report.resolve', details: { reporterId: reporter.id } },
      ],
      [
        'POST /diwan/reports/:id/dismiss',
        async () => ({ url: `/diwan/reports/${await report()}/dismiss`, body: { reason } }),
        { action: 'report.dismiss', details: { reporterId: reporter.id, action: null } },
      ],
      [
        'POST /diwan/announcements',
        async () => ({
          url: '/diwan/announcements',
          body: { subject: 'Maintenance', body: 'Tonight.', reason },
        }),
        { action: 'announce', targetUserId: null, details: { subject: 'Maintenance' } },
      ],
      [
        'POST /diwan/players/:id/level',
        async () => ({ url: 'level', body: { level: 4, reason } }),
        { action: 'level.set', details: { before: { level: 0 }, after: { level: 4 } } },
      ],
      [
        'POST /diwan/luckycoin',
        async () => ({ url: '/diwan/luckycoin', body: { hours: 5, note: 'Bonus', reason } }),
        { action: 'luckycoin.open', targetUserId: null, details: { hours: 5, note: 'Bonus' } },
      ],
      [
        'POST /diwan/luckycoin/close',
        async () => ({ url: '/diwan/luckycoin/close', body: { reason } }),
        { action: 'luckycoin.close', targetUserId: null },
      ],
      [
        'POST /diwan/unique',
        async () => ({
          url: '/diwan/unique',
          body: {
            name: 'Walk hunt',
            end: inHours(48),
            places: 4,
            skill: 2,
            min: 30,
            rarity: 1,
            reward: { gold: 300, xp: 50, items: { SKILL_POT: 1 } },
            reason,
          },
        }),
        {
          action: 'unique.create',
          targetUserId: null,
          details: { name: 'Walk hunt', places: 4, reward: { items: { SKILL_POT: 1 } } },
        },
      ],
      [
        'POST /diwan/unique/:id/close',
        async () => {
          const created = (await lastStaffLog(ctx)).details as { id: number };
          return { url: `/diwan/unique/${created.id}/close`, body: { reason } };
        },
        { action: 'unique.close', targetUserId: null, details: { closed: true } },
      ],
      [
        'POST /diwan/chat/:lineid/delete',
        async () => ({
          url: `/diwan/chat/${(await bandOf(target)).lineId}/delete`,
          body: { reason },
        }),
        {
          action: 'chat.delete',
          details: { text: 'A line to hide', author: { profileId: target.id } },
        },
      ],
      [
        'POST /diwan/bazaar/:id/cancel',
        async () => ({ url: `/diwan/bazaar/${await listingOf(target)}/cancel`, body: { reason } }),
        { action: 'bazaar.cancel', details: { kind: 'hero', title: 'Walk hero', bids: 0 } },
      ],
      [
        'POST /diwan/players/:id/push/:deviceId/remove',
        async () => ({ url: `push/${await pushDeviceOf(target)}/remove`, body: { reason } }),
        { action: 'push.remove', details: { device: 'Unknown device' } },
      ],
      [
        'POST /diwan/alliances/:id/rename',
        async () => ({
          url: `/diwan/alliances/${(await bandOf(target)).id}/rename`,
          body: { name: 'Renamed Band', tag: 'RNB', reason },
        }),
        {
          action: 'alliance.rename',
          targetUserId: null,
          details: { after: { name: 'Renamed Band', tag: 'RNB' } },
        },
      ],
    ];
    const actions = ENDPOINTS.filter(
      (ep) => ep.path.startsWith('/diwan/') && ep.method !== 'GET' && ep.path !== '/diwan/reauth',
    ).map(nameOf);
    expect(walk.map(([name]) => name).sort()).toEqual(actions.sort());
    for (const [name, request, row] of walk) {
      const { url, method, body } = await request();
      const before = await staffLogCount(ctx);
      const res = await as(ctx, admin, {
        method: method ?? 'POST',
        url: url.startsWith('/') ? url : `/diwan/players/${target.id}/${url}`,
        body,
      });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
      const { staffLogId } = res.json() as { staffLogId: number };
      expect(await staffLogCount(ctx), name).toBe(before + 1);
      expect(await lastStaffLog(ctx), name).toMatchObject({
        id: staffLogId,
        actorId: admin.id,
        actorLabel: admin.login,
        targetUserId: target.id,
        reason,
        ...row,
      });
    }
  });
});

describe('suspensions and bans', () => {
  it('end every session at once and refuse login and refresh with the end date', async () => {
    const target = await withRole(ctx, 'player');
    const second = cookiesFrom(await login(target));
    expect(await signedIn(target.cookie)).toBe(200);
    const until = inHours(24);
    const res = await act('suspend', target, {
      until,
      reason,
      notice: 'You insulted other players. Take a day off.',
    });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(target.cookie)).toBe(401);
    expect(await signedIn(second)).toBe(401);

    const refused = await login(target);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      code: 'ACCOUNT_SUSPENDED',
      message: `Your account is suspended until ${until.slice(0, 16).replace('T', ' ')} UTC.`,
      until,
    });
    expect(refused.cookies).toEqual([]);
    const refresh = await send(ctx, { method: 'POST', url: '/abwab/refresh', cookie: second });
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', until });
    // The refresh cookies are cleared, as for any refused refresh.
    expect((refresh.cookies as { value: string }[]).every((c) => c.value === '')).toBe(true);

    // A wrong password is still just wrong: nothing about the suspension leaks.
    const wrong = await send(ctx, {
      method: 'POST',
      url: '/abwab/login',
      body: { username: target.login, password: 'not the password' },
    });
    expect(wrong.statusCode).toBe(401);

    // The player reads the notice once back, never the internal reason.
    ctx.clock.advance(25 * HOUR);
    const back = await login(target);
    expect(back.statusCode).toBe(200);
    const notice = await lastMessage(ctx, { ...target, cookie: cookiesFrom(back) });
    expect(notice.subject).toMatch(/^Your account is suspended until/);
    expect(notice.body).toContain('You insulted other players');
    expect(notice.body).not.toContain(reason);
    expect(notice.sender_name).toBe('Lands of Aleph staff');
  });

  it('bans without an end until staff lift it', async () => {
    const target = await withRole(ctx, 'player');
    expect(
      (await act('suspend', target, { reason, notice: 'Banned for cheating.' })).statusCode,
    ).toBe(200);
    expect((await lastStaffLog(ctx)).action).toBe('ban');
    const refused = await login(target);
    expect(refused.json()).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      message: 'Your account is banned.',
      until: null,
    });
    ctx.clock.advance(400 * 24 * HOUR);
    expect((await login(target)).statusCode).toBe(403);
    expect((await act('lift', target, { reason: 'Appeal accepted' })).statusCode).toBe(200);
    expect((await login(target)).statusCode).toBe(200);
    // Nothing left to lift.
    const again = await act('lift', target, { reason: 'Appeal accepted' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'NOTHING_TO_LIFT' });
  });

  it('shows the standing on the player page and in the search', async () => {
    const target = await withRole(ctx, 'player');
    const until = inHours(5);
    await act('suspend', target, { until, reason, notice: 'Five hours.' });
    const page = await as(ctx, admin, { method: 'GET', url: `/diwan/players/${target.id}` });
    expect(page.json().player.status).toEqual({ state: 'suspended', until, mutedUntil: null });
    const found = await as(ctx, admin, {
      method: 'GET',
      url: `/diwan/players?q=${target.login}`,
    });
    expect(found.json().players).toEqual([
      expect.objectContaining({
        id: target.id,
        status: { state: 'suspended', until, mutedUntil: null },
      }),
    ]);
    const sessions = page.json().sessions as { revokedReason: string | null }[];
    expect(sessions.map((s) => s.revokedReason)).toContain('suspended');
  });
});

describe('mutes', () => {
  it('refuse messages until the end, and the player sees until when', async () => {
    const target = await withRole(ctx, 'player');
    const db = ctx.database.db;
    await assertNotMuted(db, target.id, ctx.clock.now());
    const until = inHours(2);
    expect(
      (await act('mute', target, { until, reason, notice: 'Two hours of quiet.' })).statusCode,
    ).toBe(200);
    await expect(assertNotMuted(db, target.id, ctx.clock.now())).rejects.toMatchObject({
      statusCode: 403,
      code: 'ACCOUNT_MUTED',
      extra: { until },
    });
    const profile = await as(ctx, target, { method: 'GET', url: '/athar/profile' });
    expect(profile.json()).toMatchObject({ mutedUntil: until });
    // Everything else works: the session lives, the game answers.
    expect(await signedIn(target.cookie)).toBe(200);
    expect((await login(target)).statusCode).toBe(200);
    ctx.clock.advance(3 * HOUR);
    await assertNotMuted(db, target.id, ctx.clock.now());
    const later = await as(ctx, target, { method: 'GET', url: '/athar/profile' });
    expect(later.json()).not.toHaveProperty('mutedUntil');
  });

  it('end early when staff unmute', async () => {
    const target = await withRole(ctx, 'player');
    await act('mute', target, { until: inHours(48), reason, notice: 'Quiet.' });
    expect((await act('unmute', target, { reason: 'Apologised' })).statusCode).toBe(200);
    await assertNotMuted(ctx.database.db, target.id, ctx.clock.now());
    const profile = await as(ctx, target, { method: 'GET', url: '/athar/profile' });
    expect(profile.json()).not.toHaveProperty('mutedUntil');
    expect((await act('unmute', target, { reason: 'Again' })).json()).toMatchObject({
      code: 'NOTHING_TO_LIFT',
    });
  });
});

describe('rename, end sessions, message, two-factor reset', () => {
  it('renames, refusing a name another player has, and tells the player', async () => {
    const target = await withRole(ctx, 'player');
    const other = await withRole(ctx, 'player');
    const before = await accountState(ctx, target.id);
    for (const nickname of [other.login, other.login.toUpperCase()]) {
      const taken = await act('rename', target, { nickname, reason, notice: 'x' });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toMatchObject({ code: 'NICKNAME_TAKEN', field: 'nickname' });
    }
    expect(await accountState(ctx, target.id)).toEqual(before);
    const done = await act('rename', target, {
      nickname: 'Friendly_Name',
      reason,
      notice: 'Your old name broke the rules.',
    });
    expect(done.statusCode).toBe(200);
    const profile = await as(ctx, target, { method: 'GET', url: '/athar/profile' });
    expect(profile.json().nickname).toBe('Friendly_Name');
    const notice = await lastMessage(ctx, target);
    expect(notice.subject).toBe('Your name is now Friendly_Name');
    expect(notice.body).toContain('Your old name broke the rules.');
    // Taken now, for others.
    const clash = await act('rename', other, { nickname: 'friendly_name', reason, notice: 'x' });
    expect(clash.json()).toMatchObject({ code: 'NICKNAME_TAKEN' });
  });

  it('ends every session, which may sign in again at once', async () => {
    const target = await withRole(ctx, 'player');
    const res = await act('end-sessions', target, { reason: 'Account shared' });
    expect(res.statusCode).toBe(200);
    expect(await signedIn(target.cookie)).toBe(401);
    expect((await lastStaffLog(ctx)).details).toEqual({ sessionsEnded: 1 });
    expect((await login(target)).statusCode).toBe(200);
  });

  it('sends a message in staff words', async () => {
    const target = await withRole(ctx, 'player');
    const res = await act('message', target, {
      subject: 'About your ticket',
      body: 'We looked into it.\n\nAll is well. <b>Not bold</b>',
      reason: 'Support ticket 41',
    });
    expect(res.statusCode).toBe(200);
    const message = await lastMessage(ctx, target);
    expect(message).toMatchObject({
      subject: 'About your ticket',
      sender_name: 'Lands of Aleph staff',
    });
    expect(message.body).toBe(
      '<p>We looked into it.</p><p>All is well. &lt;b&gt;Not bold&lt;/b&gt;</p>',
    );
  });

  it('resets two-factor, and says so when the account has none', async () => {
    const target = await withRole(ctx, 'player');
    const none = await act('2fa-reset', target, { reason: 'Lost phone' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'TWO_FACTOR_OFF' });
    const db = ctx.database.db;
    await db.execute(sql`update users set totp_secret = 'JBSWY3DPEHPK3PXP',
      totp_enabled_at = ${ctx.clock.now()}, totp_last_step = 1 where id = ${target.id}`);
    await db.execute(
      sql`insert into recovery_codes (user_id, code_hash) values (${target.id}, 'h1')`,
    );
    expect((await act('2fa-reset', target, { reason: 'Lost phone' })).statusCode).toBe(200);
    const [row] = await queryRows<{ secret: string | null; on: boolean; codes: number }>(
      db,
      sql`select totp_secret as secret, totp_enabled_at is not null as on,
          (select count(*)::int from recovery_codes where user_id = ${target.id}) as codes
        from users where id = ${target.id}`,
    );
    expect(row).toEqual({ secret: null, on: false, codes: 0 });
  });
});

describe('bad input', () => {
  it('is a 400 naming the field, and changes nothing', async () => {
    const target = await withRole(ctx, 'player');
    const before = await accountState(ctx, target.id);
    const cases: [string, object, string][] = [
      ['suspend', { until: inHours(1), reason: 'no', notice: 'x' }, 'reason'],
      ['suspend', { until: inHours(1), reason: 'x'.repeat(501), notice: 'x' }, 'reason'],
      ['suspend', { until: inHours(1), notice: 'x' }, 'reason'],
      ['suspend', { until: inHours(1), reason }, 'notice'],
      ['suspend', { until: inHours(-1), reason, notice: 'x' }, 'until'],
      ['suspend', { until: 'tomorrow', reason, notice: 'x' }, 'until'],
      ['suspend', { until: inHours(1), reason, notice: 'x', extra: true }, 'extra'],
      ['mute', { reason, notice: 'x' }, 'until'],
      ['mute', { until: '2026-02-30T10:00:00.000Z', reason, notice: 'x' }, 'until'],
      ['rename', { nickname: 'has spaces', reason, notice: 'x' }, 'nickname'],
      ['rename', { nickname: 'ab', reason, notice: 'x' }, 'nickname'],
      ['grant', { kind: 'gold', amount: 0, reason, notice: 'x' }, 'amount'],
      ['grant', { kind: 'gold', amount: 1.5, reason, notice: 'x' }, 'amount'],
      ['grant', { kind: 'diamonds', amount: 5, reason, notice: 'x' }, 'kind'],
      ['grant', { kind: 'item', amount: 5, reason, notice: 'x' }, 'landid'],
      ['grant', { kind: 'item', amount: 5, landid: target.land, reason, notice: 'x' }, 'item'],
      [
        'grant',
        { kind: 'item', amount: 5, landid: target.land, item: 'NO_SUCH', reason, notice: 'x' },
        'item',
      ],
      ['grant', { kind: 'shards', amount: 5, landid: target.land, reason, notice: 'x' }, 'elemid'],
      ['message', { subject: '', body: 'x', reason }, 'subject'],
      ['end-sessions', {}, 'reason'],
    ];
    for (const [path, body, field] of cases) {
      const res = await act(path, target, body);
      const what = `${path} ${JSON.stringify(body)}`;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().field, what).toBe(field);
    }
    const hunt = {
      name: 'A hunt',
      end: inHours(24),
      places: 2,
      skill: 0,
      min: 10,
      reward: { gold: 10, xp: 0 },
      reason,
    };
    const tools: [string, object, string][] = [
      ['/diwan/unique', { ...hunt, end: inHours(-1) }, 'end'],
      ['/diwan/unique', { ...hunt, start: inHours(30) }, 'end'],
      ['/diwan/unique', { ...hunt, end: inHours(24 * 91) }, 'end'],
      ['/diwan/unique', { ...hunt, min: 0 }, 'min'],
      ['/diwan/unique', { ...hunt, name: '   ' }, 'name'],
      ['/diwan/unique', { ...hunt, reward: { gold: 0, xp: 0, items: { NO_SUCH: 1 } } }, 'reward'],
      ['/diwan/luckycoin', { hours: 0, reason }, 'hours'],
      ['/diwan/luckycoin', { hours: 24 * 15, reason }, 'hours'],
      [`/diwan/players/${target.id}/level`, { level: 11, reason }, 'level'],
    ];
    for (const [url, body, field] of tools) {
      const res = await staffCall({ method: 'POST', url, body });
      const what = `${url} ${JSON.stringify(body)}`;
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.json().field, what).toBe(field);
    }
    const role = await act('role', target, { role: 'owner', reason }, 'PUT');
    expect(role.json()).toMatchObject({ field: 'role' });
    const id = await as(ctx, admin, {
      method: 'POST',
      url: '/diwan/players/0/lift',
      body: { reason },
    });
    expect(id.json()).toMatchObject({ statusCode: 400, field: 'id' });
    const missing = await as(ctx, admin, {
      method: 'POST',
      url: '/diwan/players/2147483647/lift',
      body: { reason },
    });
    expect(missing.statusCode).toBe(404);
    expect(await accountState(ctx, target.id)).toEqual(before);
  });
});
