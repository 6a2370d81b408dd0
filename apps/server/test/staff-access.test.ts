import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { runCommand, type CliCommand } from '../src/cli/command.js';
import { role } from '../src/cli/commands/role.js';
import { stafflog } from '../src/cli/commands/stafflog.js';
import { createTestContext, type TestContext } from './helpers.js';
import {
  ADMIN_ONLY,
  ENDPOINTS,
  nameOf,
  servedRoutes,
  urlOf,
  type Endpoint,
} from './abuse-endpoints.js';
import { expectErrorShape } from './abuse-helpers.js';
import { expectNothingChanged, send, type Player } from './abuse-players.js';
import { accountState, as, lastStaffLog, staffLogCount, withRole } from './staff-helpers.js';

/**
 * Who may use the operators' console (docs/api.md, "Operators"): a player gets 404 for every
 * route, as for a path the server does not serve; a moderator 403 for an admin's route; a staff
 * action needs a session or a password entry younger than 15 minutes. Roles are set by the CLI
 * and by admins, and the staff log refuses any change to what it holds.
 */

let ctx: TestContext;
beforeAll(async () => {
  // Sessions outlive the clock moves below (staleness is about the session's age, not expiry).
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const console_ = ENDPOINTS.filter((ep) => ep.path.startsWith('/diwan/'));
const reason = 'Checked by the support team';

/** The endpoint's sample request, about `target` (or the sample's missing player). */
function sampleCall(ep: Endpoint, target?: number) {
  const s = ep.sample({ profileId: 0, landId: 0, heroId: 0 });
  const params = target !== undefined && s.params?.id !== undefined ? { id: target } : s.params;
  return { method: ep.method, url: urlOf(ep, params, s.query), body: s.body };
}

async function cli(command: CliCommand, ...argv: string[]) {
  const chunks: string[] = [];
  const out = { write: (t: string) => chunks.push(t) };
  const code = await runCommand(command, { db: ctx.database.db, now: ctx.clock.now(), out }, argv);
  return { code, text: chunks.join('') };
}

describe('the console refuses who may not use it', () => {
  let player: Player;
  let victim: Player;
  beforeAll(async () => {
    player = await withRole(ctx, 'player');
    victim = await withRole(ctx, 'player');
  });

  it('covers every console route the app serves', () => {
    const served = servedRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    expect(console_.map(nameOf).sort()).toEqual(served.filter((r) => r.includes(' /diwan/')));
  });

  it('answers a player 404 on every route, exactly as a path it does not serve', async () => {
    const unknown = await as(ctx, player, { method: 'GET', url: '/diwan/no-such-thing' });
    expect(unknown.statusCode).toBe(404);
    await expectNothingChanged(ctx, [player, victim], async () => {
      const logged = await staffLogCount(ctx);
      for (const ep of console_) {
        const call = sampleCall(ep, victim.id);
        const res = await as(ctx, player, call);
        expect(res.statusCode, nameOf(ep)).toBe(404);
        expectErrorShape(res, nameOf(ep));
        expect(res.json(), nameOf(ep)).toEqual({
          ...unknown.json(),
          message: `No such endpoint: ${call.method} ${call.url.split('?')[0]}`,
        });
      }
      expect(await staffLogCount(ctx)).toBe(logged);
    });
  });

  it('answers 401 without a session', async () => {
    for (const ep of console_) {
      const res = await send(ctx, sampleCall(ep, victim.id));
      expect(res.statusCode, nameOf(ep)).toBe(401);
    }
  });

  it("answers a moderator 403 STAFF_ADMIN_ONLY on an admin's route, and changes nothing", async () => {
    const moderator = await withRole(ctx, 'moderator');
    const before = await accountState(ctx, victim.id);
    for (const name of ADMIN_ONLY) {
      const ep = console_.find((e) => nameOf(e) === name)!;
      const res = await as(ctx, moderator, sampleCall(ep, victim.id));
      expect(res.statusCode, name).toBe(403);
      expect(res.json(), name).toMatchObject({ code: 'STAFF_ADMIN_ONLY' });
    }
    expect(await accountState(ctx, victim.id)).toEqual(before);
    // What a moderator may do works (the same routes otherwise refuse only admins' mistakes).
    const me = await as(ctx, moderator, { method: 'GET', url: '/diwan/me' });
    expect(me.json()).toEqual({ id: moderator.id, login: moderator.login, role: 'moderator' });
    const sent = await as(ctx, moderator, {
      method: 'POST',
      url: `/diwan/players/${victim.id}/message`,
      body: { subject: 'Hello', body: 'From a moderator.', reason },
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('lets a moderator act on players only, never on staff accounts', async () => {
    const moderator = await withRole(ctx, 'moderator');
    const admin = await withRole(ctx, 'admin');
    const before = await accountState(ctx, admin.id);
    const res = await as(ctx, moderator, {
      method: 'POST',
      url: `/diwan/players/${admin.id}/mute`,
      body: {
        until: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
        reason,
        notice: 'Muted.',
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'STAFF_ADMIN_ONLY' });
    expect(await accountState(ctx, admin.id)).toEqual(before);
  });

  it('never lets staff act on their own account', async () => {
    const admin = await withRole(ctx, 'admin');
    const before = await accountState(ctx, admin.id);
    for (const call of [
      {
        method: 'PUT' as const,
        url: `/diwan/players/${admin.id}/role`,
        body: { role: 'player', reason },
      },
      {
        method: 'POST' as const,
        url: `/diwan/players/${admin.id}/grant`,
        body: { kind: 'gold', amount: 1000, reason, notice: 'For me.' },
      },
    ]) {
      const res = await as(ctx, admin, call);
      expect(res.statusCode, call.url).toBe(403);
      expect(res.json()).toMatchObject({ code: 'STAFF_NOT_ON_YOURSELF' });
    }
    expect(await accountState(ctx, admin.id)).toEqual(before);
  });
});

describe('a fresh session for staff actions', () => {
  it('refuses an action 15 minutes after sign-in until the password is entered again', async () => {
    const admin = await withRole(ctx, 'admin');
    const target = await withRole(ctx, 'player');
    const mute = () =>
      as(ctx, admin, {
        method: 'POST',
        url: `/diwan/players/${target.id}/mute`,
        body: {
          until: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
          reason,
          notice: 'Please calm down.',
        },
      });
    ctx.clock.advance(14 * MINUTE);
    const fresh = await as(ctx, admin, {
      method: 'POST',
      url: `/diwan/players/${target.id}/message`,
      body: { subject: 'Hi', body: 'Still fresh.', reason },
    });
    expect(fresh.statusCode).toBe(200);
    ctx.clock.advance(2 * MINUTE);
    const before = await accountState(ctx, target.id);
    const stale = await mute();
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
    expect(await accountState(ctx, target.id)).toEqual(before);
    // Reading needs no fresh session.
    expect(
      (await as(ctx, admin, { method: 'GET', url: `/diwan/players/${target.id}` })).statusCode,
    ).toBe(200);

    const wrong = await as(ctx, admin, {
      method: 'POST',
      url: '/diwan/reauth',
      body: { password: 'not my password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'REAUTH_INVALID', field: 'password' });
    expect((await mute()).statusCode).toBe(403);

    const right = await as(ctx, admin, {
      method: 'POST',
      url: '/diwan/reauth',
      // No two-factor on this account: a code is accepted and not needed.
      body: { password: admin.password, code: '123456' },
    });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toEqual({
      ok: true,
      freshUntil: new Date(ctx.clock.now().getTime() + 15 * MINUTE).toISOString(),
    });
    expect((await mute()).statusCode).toBe(200);
    ctx.clock.advance(16 * MINUTE);
    expect((await mute()).json()).toMatchObject({ code: 'REAUTH_REQUIRED' });
  });

  it('asks an admin with two-factor for a code of it too, and takes each code once', async () => {
    const admin = await withRole(ctx, 'admin');
    const secret = 'JBSWY3DPEHPK3PXP';
    await ctx.database.db.execute(sql`update users set totp_secret = ${secret},
      totp_enabled_at = ${ctx.clock.now()} where id = ${admin.id}`);
    ctx.clock.advance(16 * MINUTE);
    const reauth = (body: { password: string; code?: string }) =>
      as(ctx, admin, { method: 'POST', url: '/diwan/reauth', body });
    const codeNow = () =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({
        timestamp: ctx.clock.now().getTime(),
      });

    const noCode = await reauth({ password: admin.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ code: 'REAUTH_INVALID', field: 'code' });
    const wrongCode = await reauth({ password: admin.password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID', field: 'code' });
    const code = codeNow();
    expect((await reauth({ password: admin.password, code })).statusCode).toBe(200);
    // The same code again is refused: a code works once, here as at the login.
    const replay = await reauth({ password: admin.password, code });
    expect(replay.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_INVALID' });
  });

  it('stops guessing: five wrong passwords, then 429 with when to retry', async () => {
    const admin = await withRole(ctx, 'admin');
    ctx.clock.advance(16 * MINUTE);
    const reauth = (password: string) =>
      as(ctx, admin, { method: 'POST', url: '/diwan/reauth', body: { password } });
    for (let i = 0; i < 5; i++) expect((await reauth(`guess number ${i}`)).statusCode).toBe(400);
    const limited = await reauth(admin.password);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    ctx.clock.advance(16 * MINUTE);
    expect((await reauth(admin.password)).statusCode).toBe(200);
  });

  it('asks nothing of a player: the console stays 404 for them, reauth included', async () => {
    const player = await withRole(ctx, 'player');
    const res = await as(ctx, player, {
      method: 'POST',
      url: '/diwan/reauth',
      body: { password: player.password },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('are set by the CLI, written to the staff log and apply at the next request', async () => {
    const someone = await withRole(ctx, 'player');
    expect((await as(ctx, someone, { method: 'GET', url: '/diwan/me' })).statusCode).toBe(404);
    const set = await cli(role, 'set', someone.login, 'moderator', '--reason', 'Runs the forum');
    expect(set).toEqual({ code: 0, text: `${someone.login} is now a moderator.\n` });
    expect((await as(ctx, someone, { method: 'GET', url: '/diwan/me' })).json()).toMatchObject({
      role: 'moderator',
    });
    expect(await lastStaffLog(ctx)).toMatchObject({
      actorId: null,
      actorLabel: 'cli',
      action: 'role.set',
      targetUserId: someone.id,
      reason: 'Runs the forum',
      details: { before: { role: 'player' }, after: { role: 'moderator' } },
    });
    // Without --reason the log keeps the command line.
    await cli(role, 'set', someone.login, 'player');
    expect((await lastStaffLog(ctx)).reason).toBe(`admin role set ${someone.login} player`);
    expect((await as(ctx, someone, { method: 'GET', url: '/diwan/me' })).statusCode).toBe(404);
  });

  it('refuses a bad role or login on the CLI, changing nothing', async () => {
    const someone = await withRole(ctx, 'player');
    const logged = await staffLogCount(ctx);
    await expect(cli(role, 'set', someone.login, 'owner')).rejects.toThrow(
      /player, moderator or admin/,
    );
    await expect(cli(role, 'set', 'nobody_by_that_name', 'admin')).rejects.toThrow(/No player/);
    expect(await staffLogCount(ctx)).toBe(logged);
  });

  it('are set by an admin in the console; a demoted moderator loses the console at once', async () => {
    const admin = await withRole(ctx, 'admin');
    const moderator = await withRole(ctx, 'moderator');
    const res = await as(ctx, admin, {
      method: 'PUT',
      url: `/diwan/players/${moderator.id}/role`,
      body: { role: 'player', reason: 'Left the team' },
    });
    expect(res.statusCode).toBe(200);
    const { staffLogId } = res.json() as { staffLogId: number };
    expect(await lastStaffLog(ctx)).toMatchObject({
      id: staffLogId,
      actorId: admin.id,
      actorLabel: admin.login,
      action: 'role.set',
      targetUserId: moderator.id,
    });
    expect((await as(ctx, moderator, { method: 'GET', url: '/diwan/me' })).statusCode).toBe(404);
  });
});

describe('the staff log', () => {
  it('is printed by the CLI, newest first, filtered by target and action', async () => {
    const someone = await withRole(ctx, 'player');
    await cli(role, 'set', someone.login, 'moderator', '--reason', 'First');
    await cli(role, 'set', someone.login, 'player', '--reason', 'Second');
    const printed = await cli(stafflog, '--target', someone.login, '--action', 'role.set');
    const lines = printed.text.trim().split('\n');
    expect(lines[0]).toMatch(/^id\s+at \(UTC\)\s+by\s+action\s+target\s+reason\s+details$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`cli\\s+role\\.set\\s+${someone.login}\\s+Second`));
    expect(lines[2]).toMatch(new RegExp(`cli\\s+role\\.set\\s+${someone.login}\\s+First`));
    expect((await cli(stafflog, '--action', 'no.such.action')).text).toBe(
      'No staff actions yet.\n',
    );
  });

  it('is shown in the console, newest first, by page and filter', async () => {
    const admin = await withRole(ctx, 'admin');
    const someone = await withRole(ctx, 'player');
    for (const r of ['moderator', 'player', 'moderator'] as const) {
      await cli(role, 'set', someone.login, r, '--reason', `to ${r}`);
    }
    const page = async (query: string) => {
      const res = await as(ctx, admin, { method: 'GET', url: `/diwan/stafflog?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { entries: { id: number; reason: string }[]; nextCursor: string | null };
    };
    const first = await page(`target=${someone.login}&limit=2`);
    expect(first.entries.map((e) => e.reason)).toEqual(['to moderator', 'to player']);
    const second = await page(`target=${someone.login}&limit=2&cursor=${first.nextCursor}`);
    expect(second.entries.map((e) => e.reason)).toEqual(['to moderator']);
    expect(second.nextCursor).toBeNull();
    expect((await page(`actor=cli&target=${someone.login}`)).entries).toHaveLength(3);
    expect((await page(`actor=${admin.login}`)).entries).toEqual([]);
    const bad = await as(ctx, admin, { method: 'GET', url: '/diwan/stafflog?cursor=zz~' });
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'cursor' });
  });

  it('refuses to change or remove a row, whoever asks', async () => {
    const someone = await withRole(ctx, 'player');
    await cli(role, 'set', someone.login, 'moderator');
    const row = await lastStaffLog(ctx);
    const db = ctx.database.db;
    await expect(
      db.execute(sql`update staff_log set reason = 'rewritten' where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from staff_log where id = ${row.id}`)).rejects.toThrow();
    await expect(db.execute(sql`truncate staff_log`)).rejects.toThrow();
    expect(await lastStaffLog(ctx)).toEqual(row);
  });
});
