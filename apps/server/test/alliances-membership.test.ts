import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import {
  allianceMember,
  bareMembers,
  foundedAlliance,
  inboxSubjects,
  memberCounts,
  type AllianceTester,
} from './alliance-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const at = (id: number, path = '') => `/athar/alliances/${id}${path}`;

describe('joining', () => {
  it(`40 parallel joins of an open alliance with ${SOCIAL_CONFIG.alliances.maxMembers - 1} members make exactly one more`, async () => {
    const { alliance } = await foundedAlliance(ctx, true);
    await bareMembers(ctx, alliance.id, SOCIAL_CONFIG.alliances.maxMembers - 2);
    expect(await memberCounts(ctx, alliance.id)).toEqual({ stored: 29, rows: 29 });
    const joiners = await Promise.all(Array.from({ length: 40 }, () => allianceMember(ctx)));
    const results = await Promise.all(joiners.map((j) => j.api.post(at(alliance.id, '/join'))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 409 && r.body.code === 'ALLIANCE_FULL')).toBe(true);
    expect(await memberCounts(ctx, alliance.id)).toEqual({ stored: 30, rows: 30 });
  });

  it('is one alliance at a time: two parallel joins of two alliances by one player make one member', async () => {
    const [a, b] = await Promise.all([foundedAlliance(ctx), foundedAlliance(ctx)]);
    const p = await allianceMember(ctx);
    const [ra, rb] = await Promise.all([
      p.api.post(at(a.alliance.id, '/join')),
      p.api.post(at(b.alliance.id, '/join')),
    ]);
    expect([ra.status, rb.status].sort()).toEqual([200, 409]);
    expect((ra.status === 409 ? ra : rb).body.code).toBe('ALREADY_IN_ALLIANCE');
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from alliance_members where profile_id = ${p.id}`,
    );
    expect(rows[0]!.n).toBe(1);
    const counts = [await memberCounts(ctx, a.alliance.id), await memberCounts(ctx, b.alliance.id)];
    for (const c of counts) expect(c.stored).toBe(c.rows);
  });

  it('tells every member who joined, in the inbox', async () => {
    const { leader, alliance } = await foundedAlliance(ctx);
    const p = await allianceMember(ctx);
    expect((await p.api.post(at(alliance.id, '/join'))).body).toEqual({
      allianceId: alliance.id,
      role: 'member',
    });
    const news = `[${alliance.tag}] ${alliance.name}: ${p.login} joined the alliance.`;
    expect((await inboxSubjects(ctx, leader.id))[0]).toBe(news);
    expect((await inboxSubjects(ctx, p.id))[0]).toBe(news);
  });

  it('refuses joining a closed alliance without an invitation, and applying to an open one', async () => {
    const closed = await foundedAlliance(ctx, false);
    const open = await foundedAlliance(ctx, true);
    const p = await allianceMember(ctx);
    const join = await p.api.post(at(closed.alliance.id, '/join'));
    expect(join.status).toBe(409);
    expect(join.body.code).toBe('ALLIANCE_CLOSED');
    const apply = await p.api.post(at(open.alliance.id, '/apply'), {});
    expect(apply.status).toBe(409);
    expect(apply.body.code).toBe('ALLIANCE_OPEN');
  });
});

describe('applications and invitations', () => {
  async function closedWithOfficer() {
    const { leader, alliance } = await foundedAlliance(ctx, false);
    const officer = await allianceMember(ctx);
    await ctx.database.db
      .execute(sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
      values (${officer.id}, ${alliance.id}, 'officer', ${ctx.clock.now()})`);
    await ctx.database.db.execute(
      sql`update alliances set member_count = 2 where id = ${alliance.id}`,
    );
    return { leader, officer, alliance };
  }

  it('an application is seen by officers, accepted once, and the applicant is a member', async () => {
    const { officer, leader, alliance } = await closedWithOfficer();
    const p = await allianceMember(ctx);
    expect((await p.api.post(at(alliance.id, '/apply'), { text: 'Let me in' })).status).toBe(200);
    const again = await p.api.post(at(alliance.id, '/apply'), {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALLIANCE_REQUEST_PENDING');
    expect((await p.api.get(at(alliance.id))).body.me).toMatchObject({
      role: null,
      request: 'application',
    });
    // A plain member sees no requests; officers do.
    const page = await officer.api.get(at(alliance.id));
    expect(page.body.requests).toEqual([
      expect.objectContaining({
        profileid: p.id,
        kind: 'application',
        text: 'Let me in',
        level: 1,
      }),
    ]);
    const accepted = await Promise.all([
      officer.api.post(at(alliance.id, `/applications/${p.id}/accept`)),
      leader.api.post(at(alliance.id, `/applications/${p.id}/accept`)),
    ]);
    expect(accepted.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await p.api.get(at(alliance.id))).body.me).toMatchObject({
      role: 'member',
      request: null,
    });
    expect(await memberCounts(ctx, alliance.id)).toEqual({ stored: 3, rows: 3 });
    expect((await p.api.get(at(alliance.id))).body.requests).toEqual([]);
  });

  it('a refused application is gone and the applicant hears of it', async () => {
    const { officer, alliance } = await closedWithOfficer();
    const p = await allianceMember(ctx);
    await p.api.post(at(alliance.id, '/apply'), {});
    expect((await officer.api.post(at(alliance.id, `/applications/${p.id}/refuse`))).status).toBe(
      200,
    );
    expect((await inboxSubjects(ctx, p.id))[0]).toContain('your application was refused');
    expect((await officer.api.post(at(alliance.id, `/applications/${p.id}/accept`))).status).toBe(
      404,
    );
  });

  it('an invitation by nickname lets the invitee join the closed alliance', async () => {
    const { officer, alliance } = await closedWithOfficer();
    const p = await allianceMember(ctx);
    const inv = await officer.api.post(at(alliance.id, '/invite'), {
      nickname: p.login.toUpperCase(),
    });
    expect(inv.status).toBe(200);
    expect((await inboxSubjects(ctx, p.id))[0]).toContain(`invites you to [${alliance.tag}]`);
    const [letter] = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`select body from messages where profile_id = ${p.id} order by id desc limit 1`,
    );
    expect(letter!.body).toContain(`<a href="/alliances/${alliance.id}">`);
    expect((await p.api.get(at(alliance.id))).body.me.request).toBe('invitation');
    expect((await p.api.post(at(alliance.id, '/join'))).status).toBe(200);
    const none = await officer.api.post(at(alliance.id, '/invite'), {
      nickname: 'nobody-at-all-here',
    });
    expect(none.status).toBe(404);
    expect(none.body.field).toBe('nickname');
    const member = await officer.api.post(at(alliance.id, '/invite'), { nickname: p.login });
    expect(member.status).toBe(409);
    expect(member.body).toMatchObject({ code: 'ALREADY_IN_ALLIANCE', field: 'nickname' });
  });

  it('an invitation to a player who blocks the inviter is answered as sent and not delivered', async () => {
    const { officer, alliance } = await closedWithOfficer();
    const p = await allianceMember(ctx);
    await ctx.database.db.execute(sql`insert into blocks (profile_id, blocked_id, created_at)
      values (${p.id}, ${officer.id}, ${ctx.clock.now()})`);
    const before = await inboxSubjects(ctx, p.id);
    expect((await officer.api.post(at(alliance.id, '/invite'), { nickname: p.login })).status).toBe(
      200,
    );
    expect(await inboxSubjects(ctx, p.id)).toEqual(before);
    expect((await p.api.get(at(alliance.id))).body.me.request).toBeNull();
    expect((await p.api.post(at(alliance.id, '/join'))).status).toBe(409);
  });
});

describe("every membership route refuses outsiders and another alliance's officer", () => {
  it('answers 403 and changes nothing', async () => {
    const { leader, alliance } = await foundedAlliance(ctx, false);
    const member = await allianceMember(ctx);
    await member.api.post(at(alliance.id, '/apply'), {});
    await leader.api.post(at(alliance.id, `/applications/${member.id}/accept`));
    const applicant = await allianceMember(ctx);
    await applicant.api.post(at(alliance.id, '/apply'), {});
    const other = await foundedAlliance(ctx, false);
    const foreignOfficer: AllianceTester = other.leader;
    const outsider = await allianceMember(ctx);
    const target = await allianceMember(ctx);
    const calls: Array<[string, object | undefined]> = [
      [`/applications/${applicant.id}/accept`, undefined],
      [`/applications/${applicant.id}/refuse`, undefined],
      ['/invite', { nickname: target.login }],
      [`/members/${member.id}/kick`, undefined],
      [`/members/${member.id}/promote`, undefined],
      [`/members/${member.id}/demote`, undefined],
      ['/leader', { profileid: member.id }],
    ];
    for (const who of [foreignOfficer, outsider, member]) {
      for (const [path, body] of calls) {
        const res = await who.api.post(at(alliance.id, path), body);
        expect(res.status, path).toBe(403);
        expect(res.body.code).toBe('ALLIANCE_NOT_ALLOWED');
      }
    }
    for (const who of [foreignOfficer, outsider]) {
      const res = await who.api.post(at(alliance.id, '/leave'));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ALLIANCE_NOT_MEMBER');
    }
    expect(await memberCounts(ctx, alliance.id)).toEqual({ stored: 2, rows: 2 });
    const page = await leader.api.get(at(alliance.id));
    expect(page.body.members.map((m: { role: string }) => m.role)).toEqual(['leader', 'member']);
    expect(page.body.requests).toEqual([expect.objectContaining({ profileid: applicant.id })]);
  });

  it('officers kick members but not officers; only the leader promotes, demotes and hands over', async () => {
    const { leader, alliance } = await foundedAlliance(ctx);
    const [o1, o2, m1] = await Promise.all([
      allianceMember(ctx),
      allianceMember(ctx),
      allianceMember(ctx),
    ]);
    for (const p of [o1, o2, m1])
      expect((await p.api.post(at(alliance.id, '/join'))).status).toBe(200);
    for (const p of [o1, o2]) {
      expect((await leader.api.post(at(alliance.id, `/members/${p.id}/promote`))).status).toBe(200);
    }
    expect((await o1.api.post(at(alliance.id, `/members/${o2.id}/kick`))).status).toBe(403);
    expect((await o1.api.post(at(alliance.id, `/members/${leader.id}/kick`))).status).toBe(403);
    expect((await o1.api.post(at(alliance.id, `/members/${m1.id}/promote`))).status).toBe(403);
    const self = await leader.api.post(at(alliance.id, `/members/${leader.id}/kick`));
    expect(self.status).toBe(400);
    expect(self.body.field).toBe('profileid');
    expect((await leader.api.post(at(alliance.id, `/members/${o2.id}/demote`))).status).toBe(200);
    expect((await o1.api.post(at(alliance.id, `/members/${o2.id}/kick`))).status).toBe(200);
    expect((await inboxSubjects(ctx, o2.id))[0]).toContain(
      `${o2.login} was removed from the alliance by ${o1.login}`,
    );
    expect((await leader.api.post(at(alliance.id, `/members/${o2.id}/kick`))).status).toBe(404);
    expect((await leader.api.post(at(alliance.id, '/leader'), { profileid: m1.id })).status).toBe(
      200,
    );
    const page = await m1.api.get(at(alliance.id));
    expect(page.body.me.role).toBe('leader');
    const roles = Object.fromEntries(
      page.body.members.map((m: { profileid: number; role: string }) => [m.profileid, m.role]),
    );
    expect(roles).toEqual({ [m1.id]: 'leader', [leader.id]: 'officer', [o1.id]: 'officer' });
    expect((await inboxSubjects(ctx, o1.id))[0]).toContain(`${m1.login} leads the alliance now`);
    expect(await memberCounts(ctx, alliance.id)).toEqual({ stored: 3, rows: 3 });
  });
});

describe('news of the alliance', () => {
  async function pushed(profileId: number) {
    const rows = await queryRows<{ data: { allianceId: number } }>(
      ctx.database.db,
      sql`select data from player_events where profile_id = ${profileId}
          and type = 'alliance.changed' order by seq`,
    );
    return rows.map((r) => r.data.allianceId);
  }

  it('pushes alliance.changed to every member, and writes promotions into every inbox', async () => {
    const { leader, alliance } = await foundedAlliance(ctx);
    const p = await allianceMember(ctx);
    const outsider = await allianceMember(ctx);
    const before = (await pushed(leader.id)).length;
    await p.api.post(at(alliance.id, '/join'));
    expect((await pushed(leader.id)).slice(before)).toEqual([alliance.id]);
    expect(await pushed(p.id)).toEqual([alliance.id]);
    expect((await leader.api.post(at(alliance.id, `/members/${p.id}/promote`))).status).toBe(200);
    const news = `[${alliance.tag}] ${alliance.name}: ${p.login} is now an officer.`;
    expect((await inboxSubjects(ctx, leader.id))[0]).toBe(news);
    expect((await inboxSubjects(ctx, p.id))[0]).toBe(news);
    expect(await pushed(p.id)).toHaveLength(2);
    expect(await pushed(outsider.id)).toEqual([]);
    expect((await leader.api.post(at(alliance.id, `/members/${p.id}/demote`))).status).toBe(200);
    expect((await inboxSubjects(ctx, p.id))[0]).toBe(
      `[${alliance.tag}] ${alliance.name}: ${p.login} is no longer an officer.`,
    );
  });
});
