import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MIN_COUNTED_CLAIM_GOLD } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { client, expectBooksBalanced } from './game-helpers.js';
import { createTestContext, signedInPlayer, type TestContext } from './helpers.js';

/**
 * Splitting a land's gold into many small claims must earn no mission achievement sooner
 * (docs/game-rules.md, Achievements): a claim counts as a finished mission only from
 * MIN_COUNTED_CLAIM_GOLD gold, while its gold always counts as gold claimed.
 */
let ctx: TestContext;
beforeAll(async () => {
  // Long-lived tokens: the clock jumps hours between the player's reads.
  ctx = await createTestContext({
    accessTokenTtlSeconds: 20 * 365 * 86400,
    refreshTokenTtlSeconds: 20 * 365 * 86400,
  });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;

async function metric(profileId: number, name: string): Promise<number> {
  const [row] = await queryRows<{ value: string }>(
    ctx.database.db,
    sql`select value::text from achievement_progress where profile_id = ${profileId} and metric = ${name}`,
  );
  return Number(row?.value ?? 0);
}

describe('gold claims and the mission count', () => {
  it('counts a claim of the whole starter gold, not a claim of a few gold', async () => {
    const player = await signedInPlayer(ctx);
    const api = client(ctx, player.cookie);
    const [{ id: profileId }] = (await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from users where login = ${player.login}`,
    )) as [{ id: number }];
    const [land] = await api.lands();
    const claimer = (await api.heroes()).find((h) => h.residenceid === null)!;

    // The starter land has produced for a day: 100 gold, a claim that counts.
    expect(Math.floor(land!.gold.leftover)).toBeGreaterThanOrEqual(MIN_COUNTED_CLAIM_GOLD);
    // The claimer fetches the land's gold and is back (settled on the next read) 2 hours later.
    const claimAndReturn = async () => {
      const start = await api.post('/misaar/mission/start', {
        missionType: 'GOLDCLAIM',
        landid: land!.landid,
        heroid: claimer.heroid,
      });
      expect(start.status).toBe(200);
      ctx.clock.advance(2 * HOUR);
      await api.get('/athar/profile');
    };
    await claimAndReturn();
    expect(await metric(profileId, 'missions_finished')).toBe(1);
    expect(await metric(profileId, 'missions_finished:GOLDCLAIM')).toBe(1);
    const claimedOnce = await metric(profileId, 'gold_claimed');
    expect(claimedOnce).toBeGreaterThanOrEqual(MIN_COUNTED_CLAIM_GOLD);

    // Two hours later the land holds about 8 gold: the claim moves it, and counts no mission.
    await claimAndReturn();
    const claimedTwice = await metric(profileId, 'gold_claimed');
    expect(claimedTwice - claimedOnce).toBeGreaterThan(0);
    expect(claimedTwice - claimedOnce).toBeLessThan(MIN_COUNTED_CLAIM_GOLD);
    expect(await metric(profileId, 'missions_finished')).toBe(1);
    expect(await metric(profileId, 'missions_finished:GOLDCLAIM')).toBe(1);
    await expectBooksBalanced(ctx);
  });
});
