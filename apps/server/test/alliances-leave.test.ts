import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { createTestContext, type TestContext } from './helpers.js';
import { DAY, HOUR } from './game-helpers.js';
import {
  allianceMember,
  bareNicknames,
  foundedAlliance,
  freshNames,
  inboxSubjects,
  memberCounts,
} from './alliance-helpers.js';

let ctx: TestContext;
beforeAll(async () => {
  // The wait is a day: sessions must outlive the clock's moves.
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const at = (id: number, path = '') => `/athar/alliances/${id}${path}`;
const WAIT = SOCIAL_CONFIG.alliances.rejoinWaitMs;

describe('leaving', () => {
  it('starts a 24 h wait before joining or founding another (409 with until), the same one excepted', async () => {
    const a = await foundedAlliance(ctx);
    const b = await foundedAlliance(ctx);
    const p = await allianceMember(ctx, SOCIAL_CONFIG.alliances.createCost);
    await p.api.post(at(a.alliance.id, '/join'));
    expect((await p.api.post(at(a.alliance.id, '/leave'))).body).toEqual({
      allianceId: a.alliance.id,
      role: null,
    });
    const left = ctx.clock.now();
    const until = new Date(left.getTime() + WAIT).toISOString();
    const join = await p.api.post(at(b.alliance.id, '/join'));
    expect(join.status).toBe(409);
    expect(join.body).toMatchObject({ code: 'ALLIANCE_REJOIN_WAIT', until });
    const found = await p.api.post('/athar/alliances', { ...freshNames(), open: true });
    expect(found.status).toBe(409);
    expect(found.body.until).toBe(until);
    expect((await p.api.get(at(b.alliance.id))).body.me.waitUntil).toBe(until);
    ctx.clock.advance(WAIT - HOUR);
    expect((await p.api.post(at(b.alliance.id, '/join'))).status).toBe(409);
    // Coming back to the alliance left is no "other" alliance.
    expect((await p.api.post(at(a.alliance.id, '/join'))).status).toBe(200);
    expect((await p.api.post(at(a.alliance.id, '/leave'))).status).toBe(200);
    ctx.clock.advance(WAIT);
    expect((await p.api.post(at(b.alliance.id, '/join'))).status).toBe(200);
    expect(await inboxSubjects(ctx, a.leader.id)).toContain(
      `[${a.alliance.tag}] ${a.alliance.name}: ${p.login} left the alliance.`,
    );
  });

  it('a kicked player waits too', async () => {
    const a = await foundedAlliance(ctx);
    const b = await foundedAlliance(ctx);
    const p = await allianceMember(ctx);
    await p.api.post(at(a.alliance.id, '/join'));
    expect((await a.leader.api.post(at(a.alliance.id, `/members/${p.id}/kick`))).status).toBe(200);
    const join = await p.api.post(at(b.alliance.id, '/join'));
    expect(join.body.code).toBe('ALLIANCE_REJOIN_WAIT');
    const leave = await p.api.post(at(a.alliance.id, '/leave'));
    expect(leave.status).toBe(403);
  });

  it('the leader leaving: the longest-serving officer leads, else the longest-serving member', async () => {
    const { leader, alliance } = await foundedAlliance(ctx);
    const [m1, m2, o1, o2] = await Promise.all(
      Array.from({ length: 4 }, () => allianceMember(ctx)),
    );
    for (const p of [m1!, m2!, o1!, o2!]) {
      ctx.clock.advance(60_000);
      expect((await p.api.post(at(alliance.id, '/join'))).status).toBe(200);
    }
    // o2 is promoted first, but o1 serves longer (joined earlier).
    await leader.api.post(at(alliance.id, `/members/${o2!.id}/promote`));
    await leader.api.post(at(alliance.id, `/members/${o1!.id}/promote`));
    expect((await leader.api.post(at(alliance.id, '/leave'))).status).toBe(200);
    let page = await m1!.api.get(at(alliance.id));
    expect(page.body.members[0]).toMatchObject({ profileid: o1!.id, role: 'leader' });
    expect((await inboxSubjects(ctx, m1!.id))[0]).toBe(
      `[${alliance.tag}] ${alliance.name}: ${leader.login} left the alliance. ${o1!.login} leads it now.`,
    );
    // Officers' turn is over when none is left: the longest-serving member follows.
    await o1!.api.post(at(alliance.id, `/members/${o2!.id}/demote`));
    await o1!.api.post(at(alliance.id, '/leave'));
    page = await m2!.api.get(at(alliance.id));
    expect(page.body.members[0]).toMatchObject({ profileid: m1!.id, role: 'leader' });
    expect(await memberCounts(ctx, alliance.id)).toEqual({ stored: 3, rows: 3 });
  });

  it('the last member leaving dissolves the alliance and frees its name and tag', async () => {
    const { leader, alliance } = await foundedAlliance(ctx, false);
    const applicant = await allianceMember(ctx);
    await applicant.api.post(at(alliance.id, '/apply'), {});
    expect((await leader.api.post(at(alliance.id, '/leave'))).status).toBe(200);
    expect((await leader.api.get(at(alliance.id))).status).toBe(404);
    const [row] = await queryRows<{ dissolved: boolean; requests: number }>(
      ctx.database.db,
      sql`select dissolved_at is not null as dissolved,
            (select count(*)::int from alliance_requests where alliance_id = ${alliance.id}) as requests
          from alliances where id = ${alliance.id}`,
    );
    expect(row).toEqual({ dissolved: true, requests: 0 });
    expect((await inboxSubjects(ctx, leader.id))[0]).toContain('the alliance is dissolved');
    const heir = await allianceMember(ctx, SOCIAL_CONFIG.alliances.createCost);
    const again = await heir.api.post('/athar/alliances', {
      name: alliance.name.toLowerCase(),
      tag: alliance.tag,
      open: true,
    });
    expect(again.status).toBe(201);
  });
});

describe('invitations a day', () => {
  it(`an alliance sends ${SOCIAL_CONFIG.alliances.invitesPerDay} in any rolling day, then 429 with when to retry`, async () => {
    const { leader, alliance } = await foundedAlliance(ctx, false);
    const max = SOCIAL_CONFIG.alliances.invitesPerDay;
    const names = await bareNicknames(ctx, max + 1);
    for (const nickname of names.slice(0, max)) {
      expect((await leader.api.post(at(alliance.id, '/invite'), { nickname })).status).toBe(200);
    }
    ctx.clock.advance(HOUR);
    const res = await ctx.app.inject({
      method: 'POST',
      url: at(alliance.id, '/invite'),
      headers: { cookie: leader.cookie },
      payload: { nickname: names[max] },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', field: 'nickname' });
    expect(Number(res.headers['retry-after'])).toBe((DAY - HOUR) / 1000);
    ctx.clock.advance(DAY - HOUR);
    const later = await leader.api.post(at(alliance.id, '/invite'), { nickname: names[max] });
    expect(later.status).toBe(200);
  });
});
