import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { PlayerLedger } from '@aleph/contracts';
import { queryRows } from '../src/db/client.js';
import { runCommand, type CliCommand } from '../src/cli/command.js';
import { announce } from '../src/cli/commands/announce.js';
import { audit } from '../src/cli/commands/audit.js';
import { grant } from '../src/cli/commands/grant.js';
import { level } from '../src/cli/commands/level.js';
import { luckycoin } from '../src/cli/commands/luckycoin.js';
import { unique } from '../src/cli/commands/unique.js';
import { users } from '../src/cli/commands/users.js';
import { createTestContext, type TestContext } from './helpers.js';
import type { Player } from './abuse-players.js';
import {
  accountState,
  as,
  lastMessage,
  lastStaffLog,
  staffLogCount,
  withRole,
} from './staff-helpers.js';

/**
 * Grants and take-backs from the console (admins) go through the grant service and the change
 * book: the ledger names the staff-log row, `admin audit` stays balanced, a take-back below zero
 * changes nothing. The operator CLI's commands that change something write the staff log too.
 */

let ctx: TestContext;
let admin: Player;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await withRole(ctx, 'admin');
});
afterAll(() => ctx.close());

const reason = 'Compensation for the outage of 3 January';
const give = (target: Player, body: object) =>
  as(ctx, admin, {
    method: 'POST',
    url: `/diwan/players/${target.id}/grant`,
    body: { reason, notice: 'Sorry for the outage: here is something for you.', ...body },
  });

async function cli(command: CliCommand, ...argv: string[]) {
  const chunks: string[] = [];
  const out = { write: (t: string) => chunks.push(t) };
  const code = await runCommand(command, { db: ctx.database.db, now: ctx.clock.now(), out }, argv);
  return { code, text: chunks.join('') };
}

const expectBalanced = async () =>
  expect(await cli(audit)).toEqual({ code: 0, text: 'Books balanced\n' });

async function landBalance(landId: number, code: string) {
  const [row] = await queryRows<{ b: number }>(
    ctx.database.db,
    sql`select balance::int as b from land_items where land_id = ${landId} and item_code = ${code}`,
  );
  return row?.b ?? 0;
}

describe('grants from the console', () => {
  it('gives and takes back gold, platinum and XP, booked with the staff action as cause', async () => {
    const target = await withRole(ctx, 'player');
    const given = await give(target, { kind: 'gold', amount: 500 });
    expect(given.statusCode, given.body).toBe(200);
    const { staffLogId } = given.json() as { staffLogId: number };
    expect((await give(target, { kind: 'platinum', amount: 30 })).statusCode).toBe(200);
    expect((await give(target, { kind: 'xp', amount: 1200 })).statusCode).toBe(200);
    expect((await give(target, { kind: 'gold', amount: -200 })).statusCode).toBe(200);
    const profile = await as(ctx, target, { method: 'GET', url: '/athar/profile' });
    expect(profile.json().treasury).toEqual({ gold: 300, platinum: 30 });
    expect(profile.json().level.profilePoints).toBe(1200);

    const ledger = await as(ctx, admin, {
      method: 'GET',
      url: `/diwan/players/${target.id}/ledger?cause=staff&kind=gold`,
    });
    const entries = (ledger.json() as PlayerLedger).entries;
    expect(entries.map((e) => [e.delta, e.cause])).toEqual([
      [-200, 'staff'],
      [500, 'staff'],
    ]);
    expect(entries[1]!.causeId).toBe(String(staffLogId));
    const notice = await lastMessage(ctx, target);
    expect(notice.subject).toBe('A correction to your account');
    expect(notice.body).toContain('Sorry for the outage');
    expect(notice.body).not.toContain(reason);
    await expectBalanced();
  });

  it('refuses a take-back below zero, changing nothing', async () => {
    const target = await withRole(ctx, 'player');
    await give(target, { kind: 'platinum', amount: 10 });
    const before = await accountState(ctx, target.id);
    const res = await give(target, { kind: 'platinum', amount: -11 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'BALANCE_TOO_LOW', field: 'amount' });
    const items = await give(target, {
      kind: 'item',
      amount: -1,
      landid: target.land,
      item: 'tower_stone',
    });
    expect(items.json()).toMatchObject({ code: 'BALANCE_TOO_LOW' });
    const vault = await give(target, {
      kind: 'elementals',
      amount: -5,
      landid: target.land,
      elemid: 2,
    });
    expect(vault.json()).toMatchObject({ code: 'BALANCE_TOO_LOW' });
    expect(await accountState(ctx, target.id)).toEqual(before);
    await expectBalanced();
  });

  it("gives and takes back items, elementals and shards on one of the player's lands", async () => {
    const target = await withRole(ctx, 'player');
    const land = target.land;
    expect(
      (await give(target, { kind: 'item', amount: 4, landid: land, item: 'SKILL_POT' })).statusCode,
    ).toBe(200);
    expect(
      (await give(target, { kind: 'item', amount: -1, landid: land, item: 'skill_pot' }))
        .statusCode,
    ).toBe(200);
    expect(await landBalance(land, 'SKILL_POT')).toBe(3);
    expect(
      (await give(target, { kind: 'shards', amount: 6, landid: land, elemid: 1 })).statusCode,
    ).toBe(200);
    expect(
      (await give(target, { kind: 'shards', amount: -2, landid: land, elemid: 1 })).statusCode,
    ).toBe(200);
    expect(
      (await give(target, { kind: 'elementals', amount: 50, landid: land, elemid: 3 })).statusCode,
    ).toBe(200);
    expect(await lastStaffLog(ctx)).toMatchObject({
      action: 'grant',
      targetUserId: target.id,
      details: { landId: land, changes: [{ elementals: 3, requested: 50 }] },
    });
    expect(
      (await give(target, { kind: 'elementals', amount: -10, landid: land, elemid: 3 })).statusCode,
    ).toBe(200);
    const balances = await as(ctx, target, { method: 'GET', url: `/ard/lands/${land}/balances` });
    expect(balances.statusCode).toBe(200);
    const [row] = await queryRows<{ shards: number }>(
      ctx.database.db,
      sql`select shards from land_elements where land_id = ${land} and element = 1`,
    );
    expect(row!.shards).toBe(4);
    await expectBalanced();
  });

  it("refuses another player's land as one that does not exist", async () => {
    const target = await withRole(ctx, 'player');
    const stranger = await withRole(ctx, 'player');
    const before = await accountState(ctx, stranger.id);
    const logged = await staffLogCount(ctx);
    const res = await give(target, {
      kind: 'item',
      amount: 1,
      landid: stranger.land,
      item: 'SKILL_POT',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'LAND_NOT_FOUND' });
    expect(await accountState(ctx, stranger.id)).toEqual({ ...before, staff_log: logged });
    expect(await staffLogCount(ctx)).toBe(logged);
  });
});

describe('the operator CLI writes the staff log', () => {
  it('for grants, levels, announcements, the Lucky coin, unique missions and new accounts', async () => {
    const target = await withRole(ctx, 'player');
    const steps: [string[], CliCommand, object][] = [
      [
        ['gold', target.login, '250', '--reason', 'Bug bounty'],
        grant,
        {
          action: 'grant',
          targetUserId: target.id,
          reason: 'Bug bounty',
          details: { grant: { gold: 250 } },
        },
      ],
      [
        ['item', target.login, String(target.land), 'TOWER_STONE', '2'],
        grant,
        {
          action: 'grant',
          targetUserId: target.id,
          reason: `admin grant item ${target.login} ${target.land} TOWER_STONE 2`,
        },
      ],
      [
        ['set', target.login, '3'],
        level,
        {
          action: 'level.set',
          targetUserId: target.id,
          details: { before: { level: 0 }, after: { level: 3 } },
        },
      ],
      [
        ['--subject', 'Patch notes', '--body', 'Faster maps.', '--reason', 'Release 1.4'],
        announce,
        { action: 'announce', targetUserId: null, details: { subject: 'Patch notes' } },
      ],
      [['open', '--hours', '3'], luckycoin, { action: 'luckycoin.open', details: { hours: 3 } }],
      [['close'], luckycoin, { action: 'luckycoin.close' }],
      [
        [
          'create',
          '--name',
          'Dragon hunt',
          '--end',
          new Date(ctx.clock.now().getTime() + 3 * 86_400_000).toISOString().slice(0, 10),
          '--places',
          '5',
          '--skill',
          'Strength',
          '--min',
          '20',
          '--reward',
          'gold=100',
        ],
        unique,
        { action: 'unique.create', details: { name: 'Dragon hunt', places: 5 } },
      ],
      [
        ['create', 'made_by_cli', '--email', 'made@example.com', '--reason', 'Tester account'],
        users,
        { action: 'users.create', reason: 'Tester account', details: { login: 'made_by_cli' } },
      ],
    ];
    for (const [argv, command, row] of steps) {
      const before = await staffLogCount(ctx);
      const run = await cli(command, ...argv);
      expect(run.code, `${command.name} ${argv.join(' ')}: ${run.text}`).toBe(0);
      expect(await staffLogCount(ctx)).toBe(before + 1);
      expect(await lastStaffLog(ctx), `${command.name} ${argv.join(' ')}`).toMatchObject({
        actorId: null,
        actorLabel: 'cli',
        ...row,
      });
    }
    const [made] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from users where login = 'made_by_cli'`,
    );
    expect((await lastStaffLog(ctx)).targetUserId).toBe(made!.id);
    // The unique mission can be closed, and that is logged too.
    const [event] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from unique_events where name = 'Dragon hunt'`,
    );
    expect((await cli(unique, 'close', String(event!.id), '--reason', 'Too easy')).code).toBe(0);
    expect(await lastStaffLog(ctx)).toMatchObject({
      action: 'unique.close',
      reason: 'Too easy',
      details: { id: event!.id },
    });
    await expectBalanced();
  });

  it('refuses a reason shorter than three characters before it opens the database', async () => {
    await expect(cli(grant, 'gold', 'someone', '5', '--reason', 'no')).rejects.toThrow(/--reason/);
  });
});
