import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ReportQueue } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import type { Player } from './abuse-players.js';
import { as, lastMessage, lastStaffLog, withRole } from './staff-helpers.js';

/**
 * Players report others (POST /athar/reports): at most 10 a day, one open report per target
 * (also when 20 identical reports arrive at once), never oneself; staff work through the queue,
 * grouped by target with the oldest first, and resolve or dismiss; the reporter learns that the
 * report was handled, not what was done.
 */

let ctx: TestContext;
let moderator: Player;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  moderator = await withRole(ctx, 'moderator');
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const report = (from: Player, body: object) =>
  as(ctx, from, { method: 'POST', url: '/athar/reports', body });
const reportsOf = async (reporter: Player) => {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from reports where reporter_id = ${reporter.id}`,
  );
  return row!.n;
};
const queue = async (status = 'open') => {
  const res = await as(ctx, moderator, { method: 'GET', url: `/diwan/reports?status=${status}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ReportQueue;
};
/** A moderator's POST, after a fresh password entry when the clock has moved. */
async function staffPost(url: string, body: object) {
  const first = await as(ctx, moderator, { method: 'POST', url, body });
  if (first.statusCode !== 403 || first.json().code !== 'REAUTH_REQUIRED') return first;
  const again = await as(ctx, moderator, {
    method: 'POST',
    url: '/diwan/reauth',
    body: { password: moderator.password },
  });
  expect(again.statusCode).toBe(200);
  return as(ctx, moderator, { method: 'POST', url, body });
}

describe('reporting a player', () => {
  it('files a report with a reason and an optional text', async () => {
    const reporter = await withRole(ctx, 'player');
    const target = await withRole(ctx, 'player');
    const res = await report(reporter, {
      profileid: target.id,
      reason: 'abusive_name',
      text: 'Their name is an insult.',
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };
    const group = (await queue()).groups.find((g) => g.targetId === target.id)!;
    expect(group).toMatchObject({ targetLogin: target.login, count: 1 });
    expect(group.reports).toEqual([
      expect.objectContaining({
        id,
        reporterId: reporter.id,
        reporterLogin: reporter.login,
        reason: 'abusive_name',
        text: 'Their name is an insult.',
        status: 'open',
        messageId: null,
      }),
    ]);
  });

  it('refuses a second open report on the same player, and reporting oneself or nobody', async () => {
    const reporter = await withRole(ctx, 'player');
    const target = await withRole(ctx, 'player');
    expect((await report(reporter, { profileid: target.id, reason: 'spam' })).statusCode).toBe(201);
    const again = await report(reporter, { profileid: target.id, reason: 'cheating' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REPORT_OPEN', field: 'profileid' });
    const self = await report(reporter, { profileid: reporter.id, reason: 'spam' });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 'REPORT_SELF', field: 'profileid' });
    const nobody = await report(reporter, { profileid: 2_147_483_647, reason: 'spam' });
    expect(nobody.statusCode).toBe(404);
    const notMine = await report(reporter, {
      profileid: target.id,
      reason: 'harassment',
      messageid: target.message,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ code: 'MESSAGE_NOT_FOUND' });
    for (const [body, field] of [
      [{ profileid: target.id, reason: 'rude' }, 'reason'],
      [{ profileid: target.id, reason: 'other', text: 'x'.repeat(1001) }, 'text'],
      [{ reason: 'other' }, 'profileid'],
      [{ profileid: target.id, reason: 'other', extra: 1 }, 'extra'],
    ] as const) {
      const res = await report(reporter, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect(await reportsOf(reporter)).toBe(1);
  });

  it('takes one of 20 identical reports sent at once', async () => {
    const reporter = await withRole(ctx, 'player');
    const target = await withRole(ctx, 'player');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        report(reporter, { profileid: target.id, reason: 'cheating', text: 'Same again.' }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array<number>(19).fill(409)]);
    expect(await reportsOf(reporter)).toBe(1);
  });

  it('allows 10 reports a day, then says when to try again', async () => {
    const reporter = await withRole(ctx, 'player');
    const targets = await Promise.all(Array.from({ length: 11 }, () => withRole(ctx, 'player')));
    for (const [i, t] of targets.slice(0, 10).entries()) {
      expect(
        (await report(reporter, { profileid: t.id, reason: 'spam' })).statusCode,
        `#${i}`,
      ).toBe(201);
      ctx.clock.advance(HOUR);
    }
    const limited = await report(reporter, { profileid: targets[10]!.id, reason: 'spam' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The first of the ten leaves the 24-hour window 14 hours from now.
    expect(Number(limited.headers['retry-after'])).toBe(14 * 3600);
    expect(await reportsOf(reporter)).toBe(10);
    ctx.clock.advance(14 * HOUR);
    expect(
      (await report(reporter, { profileid: targets[10]!.id, reason: 'spam' })).statusCode,
    ).toBe(201);
  });
});

describe('the queue', () => {
  it('groups open reports by target, the oldest first', async () => {
    const a = await withRole(ctx, 'player');
    const b = await withRole(ctx, 'player');
    const first = await withRole(ctx, 'player');
    const second = await withRole(ctx, 'player');
    await report(a, { profileid: first.id, reason: 'spam' });
    ctx.clock.advance(60_000);
    await report(a, { profileid: second.id, reason: 'harassment' });
    await report(b, { profileid: second.id, reason: 'spam' });
    await report(b, { profileid: first.id, reason: 'other', text: 'Also this.' });
    const groups = (await queue()).groups.filter((g) => [first.id, second.id].includes(g.targetId));
    expect(groups.map((g) => [g.targetId, g.count])).toEqual([
      [first.id, 2],
      [second.id, 2],
    ]);
    expect(groups[0]!.reports.map((r) => r.reporterId)).toEqual([a.id, b.id]);
    const bad = await as(ctx, moderator, { method: 'GET', url: '/diwan/reports?status=closed' });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'status' });
  });

  it('resolves with the action taken, or dismisses; the reporter is told it was handled', async () => {
    const reporter = await withRole(ctx, 'player');
    const other = await withRole(ctx, 'player');
    const target = await withRole(ctx, 'player');
    const filed = await report(reporter, { profileid: target.id, reason: 'abusive_name' });
    const dismissMe = await report(other, { profileid: target.id, reason: 'spam' });
    const reportId = (filed.json() as { id: number }).id;
    const otherId = (dismissMe.json() as { id: number }).id;

    const renamed = await staffPost(`/diwan/players/${target.id}/rename`, {
      nickname: `nice_${target.id}`,
      reason: 'Report about the name',
      notice: 'Your name was changed.',
    });
    const action = (renamed.json() as { staffLogId: number }).staffLogId;
    const resolved = await staffPost(`/diwan/reports/${reportId}/resolve`, {
      action,
      reason: 'Renamed the player',
    });
    expect(resolved.statusCode).toBe(200);
    expect(await lastStaffLog(ctx)).toMatchObject({
      action: 'report.resolve',
      actorId: moderator.id,
      targetUserId: target.id,
      details: { reportId, action },
    });
    const told = await lastMessage(ctx, reporter);
    expect(told.subject).toBe('Your report was handled');
    expect(told.body).toContain(`nice_${target.id}`);
    expect(told.body).not.toContain('Renamed the player');

    const dismissed = await staffPost(`/diwan/reports/${otherId}/dismiss`, {
      reason: 'Not spam',
    });
    expect(dismissed.statusCode).toBe(200);
    expect((await lastMessage(ctx, other)).subject).toBe('Your report was handled');

    const again = await staffPost(`/diwan/reports/${reportId}/dismiss`, { reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REPORT_HANDLED' });
    const noAction = await staffPost(`/diwan/reports/${otherId}/resolve`, {
      action: 2_147_483_647,
      reason: 'Nothing',
    });
    expect(noAction.statusCode).toBe(409);

    const handled = (await queue('resolved')).groups.find((g) => g.targetId === target.id)!;
    expect(handled.reports).toEqual([
      expect.objectContaining({
        id: reportId,
        status: 'resolved',
        handledBy: moderator.login,
        staffLogId: action,
      }),
    ]);
    expect((await queue()).groups.some((g) => g.targetId === target.id)).toBe(false);
    // The reporter may report the same player again once the first report is handled.
    expect((await report(reporter, { profileid: target.id, reason: 'other' })).statusCode).toBe(
      201,
    );
    // The player's file lists the reports made and received.
    const file = await as(ctx, moderator, { method: 'GET', url: `/diwan/players/${target.id}` });
    expect(file.json().reportsReceived).toHaveLength(3);
    const theirs = await as(ctx, moderator, {
      method: 'GET',
      url: `/diwan/players/${reporter.id}`,
    });
    expect(theirs.json().reportsMade).toHaveLength(2);
  });

  it('refuses an action that is no staff-log row, and an unknown report', async () => {
    const reporter = await withRole(ctx, 'player');
    const target = await withRole(ctx, 'player');
    const id = (
      (await report(reporter, { profileid: target.id, reason: 'spam' })).json() as {
        id: number;
      }
    ).id;
    const res = await staffPost(`/diwan/reports/${id}/resolve`, {
      action: 2_147_483_647,
      reason: 'Linked to nothing',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'action' });
    const unknown = await staffPost('/diwan/reports/2147483647/dismiss', { reason: 'Gone' });
    expect(unknown.statusCode).toBe(404);
    const group = (await queue()).groups.find((g) => g.targetId === target.id)!;
    expect(group.reports[0]!.status).toBe('open');
  });
});
