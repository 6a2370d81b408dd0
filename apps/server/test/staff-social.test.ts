import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AllianceChatPage, PlayerDetail, StaffRole } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import { allianceOf, player, type TestPlayer } from './alliance-test-kit.js';
import { inboxSubjects } from './alliance-helpers.js';
import { eventsOf } from './social-players.js';
import { lastStaffLog, staffLogCount } from './staff-helpers.js';

/**
 * The console on the social layer (docs/operations.md, "Moderation"): staff delete a line of
 * any alliance's chat and rename an alliance; players are refused as if the routes did not
 * exist, bad input is a 400 naming the field and changes nothing, and each action leaves its
 * staff-log row.
 */

let ctx: TestContext;
let moderator: TestPlayer;
beforeAll(async () => {
  ctx = await createTestContext();
  moderator = await staffMember('moderator');
});
afterAll(() => ctx.close());

async function staffMember(role: StaffRole) {
  const p = await player(ctx);
  await ctx.database.db.execute(sql`update users set role = ${role} where id = ${p.id}`);
  return p;
}

const call = async (who: TestPlayer, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? res.json() : undefined };
};
const reason = 'Insults in the alliance chat';

async function band() {
  const [leader, member] = [await player(ctx), await player(ctx)];
  const id = await allianceOf(ctx, [
    { id: leader.id, role: 'leader' },
    { id: member.id, role: 'member' },
  ]);
  return { id, leader, member };
}

/** The stored line as the tables hold it. */
async function lineRow(id: number) {
  const [row] = await queryRows<{ text: string; deleted_at: unknown; deleted_by: number | null }>(
    ctx.database.db,
    sql`select text, deleted_at, deleted_by from alliance_chat where id = ${id}`,
  );
  return row!;
}

async function allianceRow(id: number) {
  const [row] = await queryRows<{ name: string; tag: string }>(
    ctx.database.db,
    sql`select name, tag from alliances where id = ${id}`,
  );
  return row!;
}

describe('staff delete an alliance chat line', () => {
  async function posted() {
    const b = await band();
    const res = await call(b.leader, 'POST', `/athar/alliances/${b.id}/chat`, {
      text: 'You are all idiots',
    });
    expect(res.status).toBe(201);
    return { ...b, lineId: (res.body as { id: number }).id };
  }
  const del = (who: TestPlayer, lineId: number, body: object = { reason }) =>
    call(who, 'POST', `/diwan/chat/${lineId}/delete`, body);

  it('is refused to players, even the alliance leader, as a route that does not exist', async () => {
    const { leader, lineId } = await posted();
    const before = await staffLogCount(ctx);
    const res = await del(leader, lineId);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await lineRow(lineId)).deleted_at).toBeNull();
    expect(await staffLogCount(ctx)).toBe(before);
  });

  it('needs a reason (400 naming it) and changes nothing without one', async () => {
    const { lineId } = await posted();
    const before = await staffLogCount(ctx);
    for (const body of [{}, { reason: 'no' }, { reason, extra: 1 }]) {
      const res = await del(moderator, lineId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await del(moderator, lineId, { reason: 'no' })).body).toMatchObject({
      field: 'reason',
    });
    expect((await lineRow(lineId)).deleted_at).toBeNull();
    expect(await staffLogCount(ctx)).toBe(before);
  });

  it('hides the line for every member, pushes it again empty and keeps its text in the staff log', async () => {
    const { id, leader, member, lineId } = await posted();
    const res = await del(moderator, lineId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { staffLogId } = res.body as { staffLogId: number };
    expect(await lastStaffLog(ctx)).toMatchObject({
      id: staffLogId,
      actorId: moderator.id,
      action: 'chat.delete',
      targetUserId: leader.id,
      reason,
      details: {
        lineId,
        text: 'You are all idiots',
        author: { profileId: leader.id, nickname: leader.nickname },
        alliance: { id },
      },
    });
    const row = await lineRow(lineId);
    expect(row.deleted_at).not.toBeNull();
    expect(row.deleted_by).toBeNull();
    const page = (await call(member, 'GET', `/athar/alliances/${id}/chat`))
      .body as AllianceChatPage;
    expect(page.lines.find((l) => l.id === lineId)).toMatchObject({ text: '', deleted: true });
    const pushed = await eventsOf(ctx, member.id, ['alliance.message']);
    expect(pushed.at(-1)?.data).toMatchObject({ id: lineId, text: '', deleted: true });
  });

  it('answers 409 for a line deleted already and 404 for an unknown line, changing nothing', async () => {
    const { member, lineId } = await posted();
    expect((await del(moderator, lineId)).status).toBe(200);
    const before = await staffLogCount(ctx);
    const events = (await eventsOf(ctx, member.id, ['alliance.message'])).length;
    const again = await del(moderator, lineId);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'CHAT_LINE_DELETED' });
    expect((await del(moderator, 2_000_000_000)).status).toBe(404);
    expect(await staffLogCount(ctx)).toBe(before);
    expect(await eventsOf(ctx, member.id, ['alliance.message'])).toHaveLength(events);
  });
});

describe('staff rename an alliance', () => {
  const rename = (who: TestPlayer, id: number, body: object) =>
    call(who, 'POST', `/diwan/alliances/${id}/rename`, body);

  /** Nothing of the alliance, its members' inboxes or the staff log changed. */
  async function unchanged(b: Awaited<ReturnType<typeof band>>, act: () => Promise<void>) {
    const before = {
      row: await allianceRow(b.id),
      log: await staffLogCount(ctx),
      inbox: await inboxSubjects(ctx, b.member.id),
    };
    await act();
    expect(await allianceRow(b.id)).toEqual(before.row);
    expect(await staffLogCount(ctx)).toBe(before.log);
    expect(await inboxSubjects(ctx, b.member.id)).toEqual(before.inbox);
  }

  it('is refused to players, even its leader, as a route that does not exist', async () => {
    const b = await band();
    await unchanged(b, async () => {
      const res = await rename(b.leader, b.id, { name: 'Fine Name', reason });
      expect(res.status).toBe(404);
    });
  });

  it('checks the name and tag by the alliance rules: 400 naming the field', async () => {
    const b = await band();
    const cases: [object, string][] = [
      [{ reason }, 'name'],
      [{ name: 'x', reason }, 'name'],
      [{ name: 'Two  spaces', reason }, 'name'],
      [{ tag: 'TOOLONG', reason }, 'tag'],
      [{ tag: 'A!', reason }, 'tag'],
      [{ name: 'Fine Name', reason: '' }, 'reason'],
    ];
    await unchanged(b, async () => {
      for (const [body, field] of cases) {
        const res = await rename(moderator, b.id, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body, JSON.stringify(body)).toMatchObject({ field });
      }
    });
  });

  it("refuses another alliance's name or tag (without regard to case) with 409 naming it", async () => {
    const [b, other] = [await band(), await band()];
    const taken = await allianceRow(other.id);
    await unchanged(b, async () => {
      const byName = await rename(moderator, b.id, { name: taken.name.toUpperCase(), reason });
      expect(byName.status).toBe(409);
      expect(byName.body).toMatchObject({ code: 'ALLIANCE_NAME_TAKEN', field: 'name' });
      const byTag = await rename(moderator, b.id, { tag: taken.tag.toLowerCase(), reason });
      expect(byTag.status).toBe(409);
      expect(byTag.body).toMatchObject({ code: 'ALLIANCE_TAG_TAKEN', field: 'tag' });
    });
  });

  it('answers 404 for an unknown or dissolved alliance', async () => {
    const b = await band();
    await ctx.database.db.execute(
      sql`update alliances set dissolved_at = ${ctx.clock.now()} where id = ${b.id}`,
    );
    await unchanged(b, async () => {
      expect((await rename(moderator, b.id, { name: 'Fresh Start', reason })).status).toBe(404);
      expect((await rename(moderator, 2_000_000_000, { tag: 'NEW', reason })).status).toBe(404);
    });
  });

  it('renames, tells every member with the reason, refreshes their pages and logs before and after', async () => {
    const b = await band();
    const before = await allianceRow(b.id);
    const name = `Peaceful ${b.id}`;
    const res = await rename(moderator, b.id, { name: `  ${name} `, tag: 'pc', reason });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await allianceRow(b.id)).toEqual({ name, tag: 'PC' });
    expect(await lastStaffLog(ctx)).toMatchObject({
      id: (res.body as { staffLogId: number }).staffLogId,
      actorId: moderator.id,
      action: 'alliance.rename',
      targetUserId: null,
      reason,
      details: { allianceId: b.id, before, after: { name, tag: 'PC' }, members: 2 },
    });
    for (const who of [b.leader, b.member]) {
      expect((await inboxSubjects(ctx, who.id))[0]).toBe(
        `Staff renamed your alliance to [PC] ${name}`,
      );
      const changed = await eventsOf(ctx, who.id, ['alliance.changed']);
      expect(changed.at(-1)?.data).toEqual({ allianceId: b.id });
    }
    const [body] = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`select body from messages where profile_id = ${b.member.id} order by id desc limit 1`,
    );
    expect(body!.body).toContain(`Reason: ${reason}`);
    // The old name is free again for anyone.
    const other = await band();
    expect((await rename(moderator, other.id, { name: before.name, reason })).status).toBe(200);
  });
});

describe('two staff members at once', () => {
  it('delete one line: exactly one succeeds, one staff-log row, one push', async () => {
    const b = await band();
    const said = await call(b.leader, 'POST', `/athar/alliances/${b.id}/chat`, { text: 'Rude' });
    const lineId = (said.body as { id: number }).id;
    const other = await staffMember('admin');
    const before = await staffLogCount(ctx);
    const pushed = (await eventsOf(ctx, b.member.id, ['alliance.message'])).length;
    const answers = await Promise.all(
      [moderator, other].map((who) =>
        call(who, 'POST', `/diwan/chat/${lineId}/delete`, { reason }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await staffLogCount(ctx)).toBe(before + 1);
    expect(await eventsOf(ctx, b.member.id, ['alliance.message'])).toHaveLength(pushed + 1);
  });

  it('give two alliances one name: the unique index lets one have it, the other is a 409', async () => {
    const [x, y] = [await band(), await band()];
    const name = `Twin Name ${x.id}`;
    const before = await staffLogCount(ctx);
    const answers = await Promise.all(
      [x, y].map((b) =>
        call(moderator, 'POST', `/diwan/alliances/${b.id}/rename`, { name, reason }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({ field: 'name' });
    const names = [(await allianceRow(x.id)).name, (await allianceRow(y.id)).name];
    expect(names.filter((n) => n === name)).toHaveLength(1);
    expect(await staffLogCount(ctx)).toBe(before + 1);
  });
});

describe("a player's page names their alliance", () => {
  it('with its name, tag and the role, or null when in none', async () => {
    const b = await band();
    const loner = await player(ctx);
    const page = (await call(moderator, 'GET', `/diwan/players/${b.member.id}`))
      .body as PlayerDetail;
    expect(page.alliance).toEqual({ id: b.id, ...(await allianceRow(b.id)), role: 'member' });
    const none = (await call(moderator, 'GET', `/diwan/players/${loner.id}`)).body as PlayerDetail;
    expect(none.alliance).toBeNull();
  });
});
