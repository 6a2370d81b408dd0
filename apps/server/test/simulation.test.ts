import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createRng,
  ELEMENTS,
  GAME_CONFIG,
  MISSION_TYPE_LIST,
  rollHero,
  type Element,
  type MissionType,
} from '@aleph/rules';
import type { MissionBody } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { AppError } from '../src/lib/errors.js';
import { heroesOfOwner, landsOfOwner } from '../src/core/state.js';
import { settleDueBatch } from '../src/modules/missions/settle.js';
import { startMission } from '../src/modules/missions/service.js';
import { createHero, createLand } from '../src/core/create-lands-heroes.js';
import { grantToLand, setProfileLevel } from '../src/modules/world/grants.js';
import { createTestContext, registerPlayer, type TestContext } from './helpers.js';
import { expectBooksBalanced } from './game-helpers.js';

/**
 * Thousands of random missions by several players over simulated weeks, with refusals,
 * upgrades, transfers and claims interleaved. Afterwards every balance equals its ledger,
 * nothing is negative, and no gold exists beyond production and the defined rewards.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const RESIDENT: Record<MissionType, boolean> = {
  GOLDCLAIM: false,
  TRANSFERHERO: false,
  DAILYREWARD: true,
  HUNTSEAL: true,
  UPGRADETOWER: true,
  UPGRADESEAL: true,
  SEARCHELEMENT: true,
  HEROLEVELUP: true,
  IMPROVESEAL: true,
  UNIQUE: true,
};

describe('a random simulation over simulated weeks', () => {
  it('keeps the books exact', { timeout: 300_000 }, async () => {
    const db = ctx.database.db;
    const rng = createRng(2026);
    const players: number[] = [];
    for (let i = 0; i < 4; i++) {
      const reg = await registerPlayer(ctx);
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from users where login = ${reg.login}`,
      );
      const id = row!.id;
      players.push(id);
      await setProfileLevel(db, id, 3, ctx.clock.now());
      for (let l = 0; l < 2; l++) {
        const land = await createLand(
          db,
          id,
          { continent: l as 0 | 1, terrain: rng.int(0, 4) as 0, element: rng.pick(ELEMENTS) },
          rng,
          ctx.clock.now(),
        );
        for (let h = 0; h < 3; h++)
          await createHero(db, id, rollHero(rng), land.id, ctx.clock.now());
      }
      await createHero(db, id, rollHero(rng), null, ctx.clock.now());
    }

    let started = 0;
    let refused = 0;
    const endAt = ctx.clock.now().getTime() + 21 * 86_400_000;
    let step = 0;
    while (ctx.clock.now().getTime() < endAt) {
      step++;
      const now = ctx.clock.now();
      for (const profileId of players) {
        const lands = await landsOfOwner(db, profileId);
        if (step % 40 === 0) {
          const land = rng.pick(lands);
          const element = rng.pick(ELEMENTS) as Element;
          await grantToLand(
            db,
            land.id,
            {
              items: { TOWER_STONE: 2, [`SEAL_${['AIR', 'FIRE', 'WATER', 'EARTH'][element]}`]: 1 },
              elementals: { element, amount: 400 },
              shards: { element, amount: 3 },
            },
            now,
          );
        }
        for (const { row, eta } of await heroesOfOwner(db, profileId)) {
          if (eta !== null || rng.next() < 0.3) continue;
          const type = rng.pick(MISSION_TYPE_LIST);
          const home = lands.find((l) => l.id === row.residenceId);
          const others = lands.filter((l) => l.id !== row.residenceId);
          const land = RESIDENT[type] ? home : others.length > 0 ? rng.pick(others) : undefined;
          if (!land) continue;
          const elemid = rng.pick(ELEMENTS);
          const body: MissionBody = {
            missionType: type,
            landid: land.id,
            heroid: row.id,
            elemid,
            currentLevel: land.towers[elemid],
            currentSeal: land.seals[elemid],
          };
          try {
            await startMission(db, profileId, body, now);
            started++;
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            refused++;
          }
        }
      }
      ctx.clock.advance(rng.int(10, 240) * 60_000);
      while ((await settleDueBatch(db, ctx.clock.now(), 100)) > 0);
    }
    ctx.clock.advance(30 * 86_400_000);
    while ((await settleDueBatch(db, ctx.clock.now(), 200)) > 0);

    expect(started).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(0);
    await expectBooksBalanced(ctx);

    // Treasury gold comes only from claims (moved off lands) and daily rewards (100 each).
    const [gold] = await queryRows<{ treasury: string; claimed: string; dailies: number }>(
      db,
      sql`select
            (select coalesce(sum(gold), 0)::text from profiles where id in ${sql.raw(`(${players.join(',')})`)}) as treasury,
            (select coalesce(-sum(delta), 0)::text from ledger where asset = 'land_gold' and cause = 'mission:GOLDCLAIM') as claimed,
            (select count(*)::int from missions where type = 'DAILYREWARD' and status = 'settled') as dailies`,
    );
    expect(Number(gold!.treasury)).toBe(
      Number(gold!.claimed) + GAME_CONFIG.missions.DAILYREWARD.gold * gold!.dailies,
    );
    const [running] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from missions where status = 'running'`,
    );
    expect(running?.n).toBe(0);
  });
});
