import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PlayerDetail,
  PlayerLedger,
  PlayerSearchResult,
  PlayerSignals,
  SignalClusters,
  SignInList,
} from '@aleph/contracts';
import { forgetOldAddresses } from '../src/core/sign-ins.js';
import { grantToProfile } from '../src/modules/world/grants.js';
import { cookiesFrom, createTestContext, registerPlayer, type TestContext } from './helpers.js';
import { arenaPlayer } from './arena-helpers.js';
import type { Player } from './abuse-players.js';
import { as, withRole } from './staff-helpers.js';

/**
 * What staff read in the console (docs/api.md, "Operators"): the player search, a player's
 * file and ledger, the sign-ins (raw client addresses for admins only, forgotten after 30
 * days), and the multi-account signals: accounts that shared a client address or a browser in
 * the last 30 days, their clusters, and arena battles between them.
 */

let ctx: TestContext;
let admin: Player;
let moderator: Player;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
  admin = await withRole(ctx, 'admin');
  moderator = await withRole(ctx, 'moderator');
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const read = async <T>(who: Player, url: string) => {
  const res = await as(ctx, who, { method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};

/** A registered account that signs in from `address`, with `device` cookie when given. */
async function signIn(login: { login: string; password: string }, address: string, device = '') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/abwab/login',
    payload: { username: login.login, password: login.password },
    remoteAddress: address,
    headers: device ? { cookie: device } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = cookiesFrom(res, device);
  const deviceCookie = /aleph_device=[^;]+/.exec(cookie)?.[0] ?? device;
  return { cookie, device: deviceCookie };
}

describe('finding a player', () => {
  it('by a prefix of login, e-mail or wallet address, or by id, page by page', async () => {
    const reg = await registerPlayer(ctx, { login: `Findme_${Date.now() % 100000}` });
    const search = (q: string, extra = '') =>
      read<PlayerSearchResult>(moderator, `/diwan/players?q=${encodeURIComponent(q)}${extra}`);
    const one = (r: PlayerSearchResult) => r.players.map((p) => p.login);
    expect(one(await search(reg.login.toLowerCase().slice(0, 9)))).toContain(reg.login);
    expect(one(await search(reg.email.toUpperCase()))).toEqual([reg.login]);
    expect(one(await search(reg.address.slice(0, 12)))).toEqual([reg.login]);
    const found = (await search(reg.login)).players[0]!;
    expect(found).toMatchObject({
      login: reg.login,
      nickname: reg.login,
      email: reg.email,
      address: reg.address.toLowerCase(),
      role: 'player',
      level: 0,
      status: { state: 'active', until: null, mutedUntil: null },
    });
    expect(one(await search(String(found.id)))).toContain(reg.login);
    // LIKE's wildcards match themselves.
    expect((await search('%')).players).toEqual([]);
    expect((await search('F_ndme')).players).toEqual([]);

    const first = await read<PlayerSearchResult>(moderator, '/diwan/players?limit=2');
    expect(first.players).toHaveLength(2);
    const second = await read<PlayerSearchResult>(
      moderator,
      `/diwan/players?limit=2&cursor=${first.nextCursor}`,
    );
    expect(second.players[0]!.id).toBeGreaterThan(first.players[1]!.id);
    const bad = await as(ctx, moderator, { method: 'GET', url: '/diwan/players?cursor=AAAA' });
    expect(bad.json()).toMatchObject({ statusCode: 400, field: 'cursor' });
  });

  it("shows a player's file and pages through the ledger", async () => {
    const target = await withRole(ctx, 'player');
    const file = await read<PlayerDetail>(moderator, `/diwan/players/${target.id}`);
    expect(file.player).toMatchObject({
      id: target.id,
      login: target.login,
      emailVerified: false,
      twoFactor: false,
      gold: 0,
      platinum: 0,
    });
    expect(file.lands.map((l) => l.id)).toEqual([target.land]);
    const heroes = (await target.api.heroes()).map((h) => h.heroid).sort((a, b) => a - b);
    expect(file.heroes.map((h) => h.id)).toEqual(heroes);
    expect(file.sessions).toHaveLength(1);
    expect(file.missions).toEqual([]);
    for (const gold of [10, 20, 30, 40, 50]) {
      await grantToProfile(ctx.database.db, target.id, { gold }, ctx.clock.now());
    }
    const all = await read<PlayerLedger>(moderator, `/diwan/players/${target.id}/ledger`);
    expect(all.entries.map((e) => [e.asset, e.delta, e.cause])).toEqual(
      [50, 40, 30, 20, 10].map((gold) => ['gold', gold, 'grant']),
    );
    const page1 = await read<PlayerLedger>(moderator, `/diwan/players/${target.id}/ledger?limit=2`);
    const page2 = await read<PlayerLedger>(
      moderator,
      `/diwan/players/${target.id}/ledger?limit=2&cursor=${page1.nextCursor}`,
    );
    expect([...page1.entries, ...page2.entries]).toEqual(all.entries.slice(0, 4));
    // A cause filter finds the cause and its family, without regard to case; never a mere prefix.
    await grantToProfile(
      ctx.database.db,
      target.id,
      { gold: 7 },
      ctx.clock.now(),
      'mission:GOLDCLAIM',
    );
    const causes = async (cause: string) =>
      (
        await read<PlayerLedger>(moderator, `/diwan/players/${target.id}/ledger?cause=${cause}`)
      ).entries.map((e) => [e.delta, e.cause]);
    expect(await causes('mission')).toEqual([[7, 'mission:GOLDCLAIM']]);
    expect(await causes('MISSION%3Agoldclaim')).toEqual([[7, 'mission:GOLDCLAIM']]);
    expect(await causes('miss')).toEqual([]);
    expect(await causes('grant')).toHaveLength(5);
    const none = await as(ctx, moderator, { method: 'GET', url: '/diwan/players/2147483647' });
    expect(none.statusCode).toBe(404);
    const kind = await as(ctx, moderator, {
      method: 'GET',
      url: `/diwan/players/${target.id}/ledger?kind=diamonds`,
    });
    expect(kind.json()).toMatchObject({ statusCode: 400, field: 'kind' });
  });
});

describe('sign-ins', () => {
  it('are recorded at login with the device cookie; raw addresses are for admins only', async () => {
    const reg = await registerPlayer(ctx);
    const first = await signIn(reg, '203.0.113.7');
    expect(first.device).toMatch(/^aleph_device=/);
    // The same browser keeps its device id; another has a new one.
    const again = await signIn(reg, '203.0.113.8', first.device);
    expect(again.device).toBe(first.device);
    await signIn(reg, '203.0.113.7');
    const { id } = (await read<PlayerSearchResult>(admin, `/diwan/players?q=${reg.login}`))
      .players[0]!;
    const forAdmin = await read<SignInList>(admin, `/diwan/players/${id}/signins`);
    expect(forAdmin.signIns.map((s) => s.clientAddress)).toEqual([
      '203.0.113.7',
      '203.0.113.8',
      '203.0.113.7',
    ]);
    const [third, second, firstRow] = forAdmin.signIns;
    expect(third!.addressTag).toBe(firstRow!.addressTag);
    expect(second!.addressTag).not.toBe(firstRow!.addressTag);
    expect(second!.deviceTag).toBe(firstRow!.deviceTag);
    expect(third!.deviceTag).not.toBe(firstRow!.deviceTag);
    const forModerator = await read<SignInList>(moderator, `/diwan/players/${id}/signins`);
    expect(forModerator.signIns.map((s) => s.clientAddress)).toEqual([null, null, null]);
    expect(forModerator.signIns.map((s) => s.addressTag)).toEqual(
      forAdmin.signIns.map((s) => s.addressTag),
    );
  });

  it('forget the raw address after 30 days and keep its hash', async () => {
    const reg = await registerPlayer(ctx);
    await signIn(reg, '198.51.100.20');
    const { id } = (await read<PlayerSearchResult>(admin, `/diwan/players?q=${reg.login}`))
      .players[0]!;
    const before = await read<SignInList>(admin, `/diwan/players/${id}/signins`);
    await forgetOldAddresses(ctx.database.db, new Date(ctx.clock.now().getTime() + 29 * DAY));
    expect(await read<SignInList>(admin, `/diwan/players/${id}/signins`)).toEqual(before);
    await forgetOldAddresses(ctx.database.db, new Date(ctx.clock.now().getTime() + 31 * DAY));
    const after = await read<SignInList>(admin, `/diwan/players/${id}/signins`);
    expect(after.signIns).toEqual([{ ...before.signIns[0]!, clientAddress: null }]);
  });
});

describe('multi-account signals', () => {
  it('link accounts that shared an address or a browser in the last 30 days', async () => {
    const [x, y, z, w] = await Promise.all([1, 2, 3, 4].map(() => registerPlayer(ctx)));
    const xs = await signIn(x!, '192.0.2.10');
    await signIn(y!, '192.0.2.10');
    // z signs in from elsewhere, but in x's browser.
    await signIn(z!, '192.0.2.99', xs.device);
    await signIn(w!, '192.0.2.200');
    const idOf = async (login: string) =>
      (await read<PlayerSearchResult>(moderator, `/diwan/players?q=${login}`)).players[0]!.id;
    const [xi, yi, zi, wi] = await Promise.all([x, y, z, w].map((p) => idOf(p!.login)));
    const signals = await read<PlayerSignals>(moderator, `/diwan/players/${xi}/signals`);
    expect(signals.linked.map((l) => ({ id: l.id, via: l.via }))).toEqual(
      [
        { id: yi!, via: ['address'] },
        { id: zi!, via: ['device'] },
      ].sort((a, b) => a.id - b.id),
    );
    expect(signals.flagged).toEqual([]);
    const lonely = await read<PlayerSignals>(moderator, `/diwan/players/${wi}/signals`);
    expect(lonely.linked).toEqual([]);

    const clusters = await read<SignalClusters>(moderator, '/diwan/signals/clusters');
    const mine = clusters.clusters.find((c) => c.members.some((m) => m.id === xi))!;
    const logins = new Map([
      [xi, x!.login],
      [yi, y!.login],
      [zi, z!.login],
    ]);
    expect(mine).toEqual({
      size: 3,
      members: [xi!, yi!, zi!].sort((a, b) => a - b).map((id) => ({ id, login: logins.get(id) })),
      flagged: 0,
    });
    expect(clusters.clusters.some((c) => c.members.some((m) => m.id === wi))).toBe(false);
    const sizes = clusters.clusters.map((c) => c.size);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));

    // Past 30 days the sign-ins no longer link anyone.
    ctx.clock.advance(31 * DAY);
    expect((await read<PlayerSignals>(moderator, `/diwan/players/${xi}/signals`)).linked).toEqual(
      [],
    );
  });

  it('flag arena battles between linked accounts on both pages', async () => {
    // Both arena players sign in from the test's one address: linked.
    const attacker = await arenaPlayer(ctx);
    const defender = await arenaPlayer(ctx);
    expect((await defender.setDefence([defender.heroIds[0]!])).status).toBe(200);
    await attacker.offer([defender.id]);
    const battle = await attacker.attack(defender.id, [attacker.heroIds[0]!]);
    expect(battle.status, JSON.stringify(battle.body)).toBe(200);
    for (const id of [attacker.id, defender.id]) {
      const signals = await read<PlayerSignals>(moderator, `/diwan/players/${id}/signals`);
      expect(signals.linked.map((l) => l.id)).toContain(
        id === attacker.id ? defender.id : attacker.id,
      );
      expect(signals.flagged).toEqual([
        expect.objectContaining({
          kind: 'arena',
          fromId: expect.any(Number),
          toId: expect.any(Number),
        }),
      ]);
      const [f] = signals.flagged;
      expect([f!.fromId, f!.toId].sort()).toEqual([attacker.id, defender.id].sort());
    }
    const clusters = await read<SignalClusters>(moderator, '/diwan/signals/clusters');
    const theirs = clusters.clusters.find((c) => c.members.some((m) => m.id === attacker.id))!;
    expect(theirs.flagged).toBe(1);
  });
});
