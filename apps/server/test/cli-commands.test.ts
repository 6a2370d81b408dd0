import { mkdtempSync, readdirSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client.js';
import { runCommand, type CliCommand, type CliContext } from '../src/cli/command.js';
import { audit } from '../src/cli/commands/audit.js';
import { demo } from '../src/cli/commands/demo.js';
import { grant } from '../src/cli/commands/grant.js';
import { level } from '../src/cli/commands/level.js';
import { users } from '../src/cli/commands/users.js';
import { world } from '../src/cli/commands/world.js';
import { runCli } from '../src/cli/run.js';
import { auditLedger } from '../src/core/audit.js';
import { syncItemCatalogue } from '../src/modules/world/catalogue.js';
import { openTestDatabase, TEST_EPOCH } from './helpers.js';

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await syncItemCatalogue(database.db);
});
afterAll(async () => {
  await database.close();
  await drop();
});

/** Runs a command as the CLI would, collecting what it prints. */
async function run(command: CliCommand, ...argv: string[]) {
  const chunks: string[] = [];
  const ctx: CliContext = {
    db: database.db,
    now: TEST_EPOCH,
    out: { write: (t) => chunks.push(t) },
  };
  const code = await runCommand(command, ctx, argv);
  return { code, text: chunks.join('') };
}

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);

async function profile(login: string) {
  const [row] = await rows<{
    id: number;
    gold: number;
    platinum: number;
    xp: number;
    level: number;
  }>(
    sql`select p.id, p.gold::int as gold, p.platinum::int as platinum, p.xp::int as xp, p.level
        from profiles p join users u on u.id = p.id where u.login = ${login}`,
  );
  if (!row) throw new Error(`no profile ${login}`);
  return row;
}

async function landOf(login: string) {
  const [row] = await rows<{ id: number }>(
    sql`select l.id from lands l join users u on u.id = l.owner_id where u.login = ${login} order by l.id limit 1`,
  );
  return Number(row!.id);
}

describe('world create', () => {
  it('marks the world created once and says so', async () => {
    expect((await run(world, 'create')).text).toMatch(/World created\./);
    expect((await run(world, 'create')).text).toMatch(/already existed/);
    expect(() => world.prepare(['destroy'])).toThrow(/Usage: world create/);
  });
});

describe('users', () => {
  it('creates accounts with the starter grant and refuses a taken login in any case', async () => {
    const created = await run(users, 'create', 'alice', '--email', 'alice@example.com');
    expect(created.text).toMatch(/Created alice \(id \d+\)/);
    expect(created.text).toMatch(/Password: \S{12,}/);
    await run(
      users,
      'create',
      'bob',
      '--email=bob@example.com',
      '--address',
      `0x${'AB'.repeat(20)}`,
    );
    const [bob] = await rows<{ address: string }>(
      sql`select address from users where login = 'bob'`,
    );
    expect(bob?.address).toBe(`0x${'ab'.repeat(20)}`);
    await expect(run(users, 'create', 'ALICE', '--email', 'a2@example.com')).rejects.toThrow(
      /taken/,
    );
    expect(() => users.prepare(['create', 'no spaces', '--email', 'x@example.com'])).toThrow(
      /login/,
    );
    expect(() => users.prepare(['create', 'carol'])).toThrow(/--email is required/);
    expect(() => users.prepare(['create', 'carol', '--email', 'x@y.z', '--adress', '0x1'])).toThrow(
      /Unknown option --adress/,
    );
  });

  it('lists players with their level, balances, lands and heroes', async () => {
    const list = await run(users, 'list');
    const lines = list.text.trim().split('\n');
    expect(lines[0]).toMatch(
      /^id\s+login\s+level\s+XP\s+gold\s+platinum\s+lands\s+heroes\s+created/,
    );
    // The starter grant: one land, three heroes.
    expect(lines[1]).toMatch(/^\s*\d+\s+alice\s+0\s+0\s+0\s+0\s+1\s+3\s+2026-01-05 08:00$/);
    expect(list.text).toMatch(/2 players\.\n$/);
    expect((await run(users, 'list', '--limit', '1')).text).toMatch(/showing the first 1/);
    expect(() => users.prepare(['list', '--limit', '0'])).toThrow(/--limit must be a whole number/);
    expect(() => users.prepare(['list', '--limit'])).toThrow(/--limit needs a value/);
  });
});

describe('grant', () => {
  it('adds gold, platinum and XP through the ledger', async () => {
    expect((await run(grant, 'gold', 'alice', '250')).text).toBe(
      'Granted 250 gold to alice; gold is now 250.\n',
    );
    await run(grant, 'platinum', 'Alice', '40');
    await run(grant, 'xp', 'alice', '20000');
    expect(await profile('alice')).toMatchObject({ gold: 250, platinum: 40, xp: 20_000 });
    const causes = await rows<{ cause: string }>(
      sql`select distinct cause from ledger where profile_id = ${(await profile('alice')).id} and land_id is null`,
    );
    expect(causes.map((c) => c.cause)).toEqual(['grant']);
    // Grants are gifts, not play: the weekly boards do not move.
    expect(await rows(sql`select 1 from board_scores`)).toEqual([]);
  });

  it("adds items, elementals and shards to the player's own land", async () => {
    const land = await landOf('alice');
    expect((await run(grant, 'item', 'alice', String(land), 'tower_stone', '3')).text).toMatch(
      new RegExp(`Granted 3 TOWER_STONE to land ${land} of alice`),
    );
    await run(grant, 'elementals', 'alice', String(land), 'Earth', '300');
    await run(grant, 'shards', 'alice', String(land), '1', '2');
    const [stone] = await rows<{ balance: number }>(
      sql`select balance::int as balance from land_items where land_id = ${land} and item_code = 'TOWER_STONE'`,
    );
    expect(stone?.balance).toBe(3);
    const elements = await rows<{ element: number; vault: number; shards: number }>(
      sql`select element, vault_volume::float as vault, shards from land_elements where land_id = ${land} order by element`,
    );
    expect(elements[3]?.vault).toBe(300);
    expect(elements[1]?.shards).toBe(2);
    expect(await auditLedger(database.db)).toEqual([]);
  });

  it('refuses unknown logins, lands of another player, and bad numbers', async () => {
    const bobLand = await landOf('bob');
    await expect(run(grant, 'gold', 'nobody', '5')).rejects.toThrow(
      'No player has the login "nobody".',
    );
    await expect(run(grant, 'item', 'alice', String(bobLand), 'TOWER_STONE', '1')).rejects.toThrow(
      `Land ${bobLand} belongs to another player, not to alice.`,
    );
    await expect(run(grant, 'shards', 'alice', '999999', '0', '1')).rejects.toThrow(
      'There is no land 999999.',
    );
    for (const bad of ['0', '-3', '1.5', 'abc', '1e3', '']) {
      expect(() => grant.prepare(['gold', 'alice', bad])).toThrow(/must be a whole number/);
    }
    expect(() => grant.prepare(['item', 'alice', '1', 'NOPE', '1'])).toThrow(
      /There is no item NOPE/,
    );
    expect(() => grant.prepare(['elementals', 'alice', '1', 'Aether', '1'])).toThrow(
      /element must be 0-3/,
    );
    expect(() => grant.prepare(['gold', 'alice'])).toThrow(/Missing amount/);
    expect(() => grant.prepare(['gold', 'alice', '1', '2'])).toThrow(/Unexpected argument "2"/);
    expect(() => grant.prepare(['diamonds', 'alice', '1'])).toThrow(/Cannot grant "diamonds"/);
    expect(await profile('alice')).toMatchObject({ gold: 250 });
  });
});

describe('level set', () => {
  it("sets a player's level and refuses a level out of range", async () => {
    expect((await run(level, 'set', 'alice', '2')).text).toBe(
      'alice is now at profile level 2 (features: profileLevel1, profileLevel2).\n',
    );
    expect((await profile('alice')).level).toBe(2);
    expect(() => level.prepare(['set', 'alice', '11'])).toThrow(/from 0 to 10/);
    expect(() => level.prepare(['up', 'alice', '1'])).toThrow(/Usage: level set/);
    await expect(run(level, 'set', 'ghost', '1')).rejects.toThrow(
      /No player has the login "ghost"/,
    );
  });
});

describe('demo', () => {
  it('refuses, and creates nothing, when a player already holds the login "demo"', async () => {
    await run(users, 'create', 'Demo', '--email', 'someone@example.com');
    const before = await rows<{ n: number }>(sql`select count(*)::int as n from users`);
    await expect(run(demo)).rejects.toThrow(/already uses the login "demo"/);
    expect(await rows<{ n: number }>(sql`select count(*)::int as n from users`)).toEqual(before);
    expect(
      await rows(sql`select demo_created_at from world_state where demo_created_at is not null`),
    ).toEqual([]);
  });
});

describe('audit', () => {
  it('prints "Books balanced", or the problems with exit code 1', async () => {
    expect(await run(audit)).toEqual({ code: 0, text: 'Books balanced\n' });
    const { id } = await profile('alice');
    await database.db.execute(sql`update profiles set gold = gold + 1 where id = ${id}`);
    try {
      const broken = await run(audit);
      expect(broken.code).toBe(1);
      expect(broken.text).toContain(`profile ${id} gold: stored 251, ledger 250`);
    } finally {
      await database.db.execute(sql`update profiles set gold = gold - 1 where id = ${id}`);
    }
  });
});

describe('the command line', () => {
  const io = (env: NodeJS.ProcessEnv = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    return {
      io: {
        env,
        out: { write: (t: string) => out.push(t) },
        err: { write: (t: string) => err.push(t) },
      },
      out: () => out.join(''),
      err: () => err.join(''),
    };
  };
  const dir = mkdtempSync(path.join(tmpdir(), 'aleph-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers help and refuses unknown commands and bad input without opening a database', async () => {
    const env = { DATA_DIR: path.join(dir, 'untouched') };
    const help = io(env);
    expect(await runCli(['--help'], help.io)).toBe(0);
    expect(help.out()).toMatch(/Commands:\n {2}world/);
    const grantHelp = io(env);
    expect(await runCli(['grant', '--help'], grantHelp.io)).toBe(0);
    expect(grantHelp.out()).toMatch(/grant item <login> <landid> <ITEM_CODE> <count>/);
    const unknown = io(env);
    expect(await runCli(['frobnicate'], unknown.io)).toBe(1);
    expect(unknown.err()).toBe(
      'error: Unknown command "frobnicate". Run "npm run admin -- --help" for the list.\n',
    );
    const bad = io(env);
    expect(await runCli(['grant', 'gold', 'alice', 'lots'], bad.io)).toBe(1);
    expect(bad.err()).toMatch(
      /^error: The amount must be a whole number from 1 to \d+, not "lots"\.\n$/,
    );
    expect(readdirSync(dir)).toEqual([]);
  });

  it('refuses any option a command does not declare, by name, with exit code 1', async () => {
    const env = { DATA_DIR: path.join(dir, 'untouched') };
    for (const [argv, shown] of [
      [['users', 'list', '-x'], '-x'],
      [['grant', 'gold', 'alice', '5', '-v'], '-v'],
      [['world', 'create', '--force'], '--force'],
      [['users', 'create', 'carol', '--email', 'c@example.com', '--adress', '0x1'], '--adress'],
    ] as const) {
      const run = io(env);
      expect(await runCli(argv, run.io), argv.join(' ')).toBe(1);
      expect(run.err()).toBe(
        `error: Unknown option ${shown}. Run the command with --help for its options.\n`,
      );
    }
    const twice = io(env);
    expect(await runCli(['users', 'list', '--limit', '1', '--limit=2'], twice.io)).toBe(1);
    expect(twice.err()).toBe('error: --limit is given twice.\n');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('says the embedded database is in use instead of opening it twice', async () => {
    mkdirSync(path.join(dir, 'busy'), { recursive: true });
    // A live process (this test's parent) holds the lock.
    writeFileSync(path.join(dir, 'busy', 'pglite.lock'), String(process.ppid));
    const busy = io({ DATA_DIR: path.join(dir, 'busy') });
    expect(await runCli(['audit'], busy.io)).toBe(1);
    expect(busy.err()).toMatch(/^error: The embedded database in .* is in use by process \d+/);
    expect(busy.err()).toMatch(
      /Stop it and try again, or run the game on PostgreSQL \(DATABASE_URL\)/,
    );
  });

  it('takes over a lock left by a process that died', async () => {
    mkdirSync(path.join(dir, 'stale'), { recursive: true });
    writeFileSync(path.join(dir, 'stale', 'pglite.lock'), '999999');
    const stale = io({ DATA_DIR: path.join(dir, 'stale') });
    expect(await runCli(['audit'], stale.io)).toBe(0);
  });
});
