import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LuckyCoinState, LuckyToss, SecretMarket, SecretPurchase } from '@aleph/contracts';
import { sql } from 'drizzle-orm';
import { runCommand } from '../src/cli/command.js';
import { queryRows } from '../src/db/client.js';
import { luckycoin } from '../src/cli/commands/luckycoin.js';
import { createTestContext, type TestContext } from './helpers.js';
import { DAY, expectBooksBalanced, HOUR } from './game-helpers.js';
import { balances, economyPlayer, newKey } from './economy-helpers.js';

/** The Secret market and the Lucky coin event (docs/game-rules.md, Gold economy). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accessTokenTtlSeconds: 10 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const market = async (api: { get(url: string): Promise<{ body: unknown }> }) =>
  (await api.get('/souq/secret')).body as SecretMarket;

describe('the Secret market', () => {
  it('is locked below level 8', async () => {
    const { api } = await economyPlayer(ctx, { level: 7 });
    expect(await api.get('/souq/secret')).toMatchObject({
      status: 403,
      body: { message: 'You need to upgrade your profile to at least level eight.' },
    });
  });

  it('shows the same six offers after a reload and new ones in the next window', async () => {
    const { api } = await economyPlayer(ctx);
    const first = await market(api);
    expect(first.offers).toHaveLength(6);
    expect(await market(api)).toEqual(first);
    expect(new Date(first.windowEnd).getTime() - new Date(first.windowStart).getTime()).toBe(
      8 * HOUR,
    );
    ctx.clock.advance(8 * HOUR);
    expect((await market(api)).offers.map((o) => o.id)).not.toEqual(first.offers.map((o) => o.id));
  });

  it('sells each offer once, for its price, with the ledger', async () => {
    const a = await economyPlayer(ctx, { gold: 50_000, platinum: 1000 });
    const offers = (await market(a.api)).offers;
    for (const offer of offers) {
      const before = await balances(ctx, a.profileId, a.landid, offer.itemCode ?? 'TOWER_STONE');
      const res = await a.send(
        `/souq/secret/${offer.id}/buy`,
        offer.needsLand ? { landid: a.landid } : {},
      );
      expect(res.status).toBe(200);
      const bought = res.body as SecretPurchase;
      const after = await balances(ctx, a.profileId, a.landid, offer.itemCode ?? 'TOWER_STONE');
      expect(after.gold).toBe(before.gold - offer.gold);
      expect(after.platinum).toBe(before.platinum - offer.platinum);
      if (offer.itemCode) expect(after.items).toBe(before.items + offer.count);
      if (offer.kind === 'hero') {
        const hero = (await a.api.heroes()).find((h) => h.heroid === bought.heroId);
        expect(hero?.rarity).toBe(offer.rarity);
      }
      if (offer.kind === 'land') {
        const land = (await a.api.lands()).find((l) => l.landid === bought.landid);
        expect(land?.terrain_type).toBe(offer.terrain);
      }
      const again = await a.send(`/souq/secret/${offer.id}/buy`, { landid: a.landid });
      expect(again).toMatchObject({ status: 409, body: { code: 'OFFER_SOLD' } });
    }
    expect((await market(a.api)).offers.every((o) => o.sold)).toBe(true);
    await expectBooksBalanced(ctx);
  });

  it("answers 404 for another player's offer and 409 without the price", async () => {
    const a = await economyPlayer(ctx);
    const b = await economyPlayer(ctx);
    const offer = (await market(a.api)).offers[0]!;
    expect(await b.send(`/souq/secret/${offer.id}/buy`, { landid: b.landid })).toMatchObject({
      status: 404,
    });
    expect(await a.send(`/souq/secret/${offer.id}/buy`, { landid: a.landid })).toMatchObject({
      status: 409,
    });
    expect(await a.send('/souq/secret/nonsense/buy', {})).toMatchObject({
      status: 400,
      body: { field: 'offerId' },
    });
    const needsLand = (await market(a.api)).offers.find((o) => o.needsLand);
    if (needsLand) {
      expect(await a.send(`/souq/secret/${needsLand.id}/buy`, {})).toMatchObject({
        status: 400,
        body: { field: 'landid' },
      });
    }
  });
});

describe('the Lucky coin event', () => {
  type Send = Awaited<ReturnType<typeof economyPlayer>>['send'];
  const toss = (send: Send, landid: number, key?: string) =>
    send('/hadath/luckycoin/toss', { landid }, key);

  it('is locked below level 5', async () => {
    const { api } = await economyPlayer(ctx, { level: 4 });
    expect(await api.get('/hadath/luckycoin')).toMatchObject({
      status: 403,
      body: { message: 'You need to upgrade your profile to at least level five.' },
    });
  });

  it('is closed on a weekday until an operator opens it with the CLI, and close ends it', async () => {
    const a = await economyPlayer(ctx, { land: { items: { LUCKY_COIN: 3 } } });
    const state = (await a.api.get('/hadath/luckycoin')).body as LuckyCoinState;
    if (!state.open) {
      expect(new Date(state.nextStartAt!).getUTCDay()).toBe(6);
      expect(await toss(a.send, a.landid)).toMatchObject({
        status: 409,
        body: { code: 'EVENT_CLOSED' },
      });
    }
    const out: string[] = [];
    const cli = {
      db: ctx.database.db,
      now: ctx.clock.now(),
      out: { write: (t: string) => out.push(t) },
    };
    await runCommand(luckycoin, cli, ['open', '--hours', '6']);
    expect(out.join('')).toContain('Lucky coin event open until');
    const open = (await a.api.get('/hadath/luckycoin')).body as LuckyCoinState;
    expect(open.open).toBe(true);
    expect(open.lands.find((l) => l.landid === a.landid)?.coins).toBe(3);
    const res = await toss(a.send, a.landid);
    expect(res.status).toBe(200);
    const tossed = res.body as LuckyToss;
    expect(tossed.prize.text.length).toBeGreaterThan(0);
    const after = (await a.api.get('/hadath/luckycoin')).body as LuckyCoinState;
    expect(after.lands.find((l) => l.landid === a.landid)?.coins).toBe(2);
    expect(after.tosses[0]).toEqual(tossed);
    const earned = await queryRows<{ code: string }>(
      ctx.database.db,
      sql`select code from achievements_earned where profile_id = ${a.profileId}`,
    );
    expect(earned.map((e) => e.code)).toContain('COIN_1');
    await runCommand(luckycoin, { ...cli, now: ctx.clock.now() }, ['close']);
    if (!state.open)
      expect(((await a.api.get('/hadath/luckycoin')).body as LuckyCoinState).open).toBe(false);
    await expectBooksBalanced(ctx);
  });

  it('opens on the weekend, never tosses a coin twice for one key, and refuses without coins', async () => {
    const a = await economyPlayer(ctx, { land: { items: { LUCKY_COIN: 1 } } });
    const now = ctx.clock.now().getTime();
    const untilSaturday = ((6 - new Date(now).getUTCDay() + 7) % 7) * DAY;
    ctx.clock.advance(untilSaturday + HOUR);
    expect(((await a.api.get('/hadath/luckycoin')).body as LuckyCoinState).open).toBe(true);
    const key = newKey();
    const first = await toss(a.send, a.landid, key);
    expect(first.status).toBe(200);
    expect(await toss(a.send, a.landid, key)).toEqual(first);
    expect(await toss(a.send, a.landid)).toMatchObject({
      status: 409,
      body: { code: 'NO_LUCKY_COINS' },
    });
    const b = await economyPlayer(ctx, { land: { items: { LUCKY_COIN: 1 } } });
    expect(await toss(b.send, a.landid)).toMatchObject({ status: 404 });
    expect(await toss(b.send, 0)).toMatchObject({ status: 400, body: { field: 'landid' } });
    await expectBooksBalanced(ctx);
  });

  it('rejects bad CLI input', async () => {
    const cli = { db: ctx.database.db, now: ctx.clock.now(), out: { write: () => 0 } };
    await expect(runCommand(luckycoin, cli, ['open'])).rejects.toThrow('--hours');
    await expect(runCommand(luckycoin, cli, ['open', '--hours', '0'])).rejects.toThrow('--hours');
    await expect(runCommand(luckycoin, cli, ['shut'])).rejects.toThrow('Usage');
  });
});
