import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../src/db/client.js';
import { CliError, runCommand, type CliContext } from '../src/cli/command.js';
import { unique } from '../src/cli/commands/unique.js';
import { runCli } from '../src/cli/run.js';
import { syncItemCatalogue } from '../src/modules/world/catalogue.js';
import { openTestDatabase, TEST_EPOCH } from './helpers.js';

/** `npm run admin -- unique ...`: operators create, list and close unique missions. */
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

async function run(...argv: string[]) {
  const chunks: string[] = [];
  const ctx: CliContext = {
    db: database.db,
    now: TEST_EPOCH,
    out: { write: (t) => chunks.push(t) },
  };
  const code = await runCommand(unique, ctx, argv);
  return { code, text: chunks.join('') };
}

/** The refusal a command line meets, whether at parsing or once it runs. */
async function refusal(...argv: string[]): Promise<string> {
  try {
    await run(...argv);
  } catch (err) {
    if (err instanceof CliError || (err as Error).name === 'AppError')
      return (err as Error).message;
    throw err;
  }
  throw new Error(`accepted: ${argv.join(' ')}`);
}

// TEST_EPOCH is Monday 2026-01-05 08:00 UTC.
const GOOD = [
  'create',
  '--name',
  "The Dragon's Hoard",
  '--end',
  '2026-01-12',
  '--places',
  '10',
  '--skill',
  'strength',
  '--min',
  '70',
  '--reward',
  'gold=2000,xp=6000,SEAL_FIRE=3',
];
const without = (option: string) => {
  const i = GOOD.indexOf(`--${option}`);
  return [...GOOD.slice(0, i), ...GOOD.slice(i + 2)];
};
const replaced = (option: string, value: string) =>
  GOOD.map((arg, i) => (GOOD[i - 1] === `--${option}` ? value : arg));

describe('unique create', () => {
  it('creates an event open from now to its end, with every field stored', async () => {
    const out = await run(...GOOD, '--rarity', 'Epic', '--minutes', '480', '--description', 'Hot.');
    expect(out.code).toBe(0);
    expect(out.text).toMatch(
      /^Created unique mission #\d+ "The Dragon's Hoard": 2026-01-05 08:00 to 2026-01-12 00:00 UTC, 10 places\.\n$/,
    );
    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select name, description, places, places_left, skill, min_skill, min_rarity, reward,
            base_minutes, duration_skill, week_key from unique_events order by id desc limit 1`,
    );
    expect(row).toEqual({
      name: "The Dragon's Hoard",
      description: 'Hot.',
      places: 10,
      places_left: 10,
      skill: 7,
      min_skill: 70,
      min_rarity: 3,
      reward: { gold: 2000, xp: 6000, items: { SEAL_FIRE: 3 } },
      base_minutes: 480,
      duration_skill: 7,
      week_key: null,
    });
  });

  it.each([
    [without('name'), /^--name is required/],
    [without('end'), /^--end is required/],
    [replaced('places', '0'), /^--places must be a whole number from 1 to 10000, not "0"\.$/],
    [replaced('places', 'ten'), /^--places must be a whole number/],
    [replaced('skill', 'Might'), /^--skill must be one of Mastery, .*Strength; not "Might"\.$/],
    [replaced('min', '101'), /^--min must be a whole number from 1 to 100/],
    [replaced('end', '2026-02-30'), /^--end must be a UTC date such as 2026-03-02/],
    [
      [...replaced('end', '2026-01-04'), '--start', '2026-01-01'],
      /^--end: The end must be in the future\.$/,
    ],
    [replaced('end', '2026-06-01'), /^--end: An event lasts at most 90 days\.$/],
    [replaced('reward', 'gold=lots'), /^--reward gold must be a whole number/],
    [replaced('reward', 'DRAGON_EGG=1'), /^--reward: there is no item "DRAGON_EGG"/],
    [replaced('reward', 'gold'), /^--reward takes key=count pairs/],
    [replaced('reward', 'gold=0'), /^--reward: An event must pay something/],
    [replaced('name', ' '), /^--name: The name must have 1 to 60 characters\.$/],
    [
      [...GOOD, '--rarity', 'Mythic'],
      /^--rarity must be one of Common, Uncommon, Rare, Epic, Legendary/,
    ],
    [[...GOOD, '--minutes', '5'], /^--minutes must be a whole number from 10 to 10080/],
    [[...GOOD, '--start', '2026-01-13'], /^--end: The end must come after the start\.$/],
  ])('refuses %j', async (argv, message) => {
    expect(await refusal(...argv)).toMatch(message);
  });
});

describe('unique list and close', () => {
  it('lists open events with places, then closes one once', async () => {
    const created = await run(...replaced('name', 'Closing Soon'));
    const id = /#(\d+)/.exec(created.text)![1]!;
    const list = await run('list');
    expect(list.text).toMatch(
      /id\s+name\s+status\s+start \(UTC\)\s+end \(UTC\)\s+left\s+joined\s+needs\s+reward\s+from/,
    );
    expect(list.text).toMatch(
      new RegExp(
        `${id}\\s+Closing Soon\\s+open\\s+2026-01-05 08:00\\s+2026-01-12 00:00\\s+10/10\\s+0\\s+Strength 70\\s+2000 gold, 3 x Fire Seal, 6000 XP\\s+operator`,
      ),
    );
    expect((await run('close', id)).text).toMatch(`Closed unique mission #${id}`);
    expect((await run('close', id)).text).toBe(`Unique mission #${id} was already closed.\n`);
    expect((await run('list')).text).not.toMatch('Closing Soon');
    expect((await run('list', '--all')).text).toMatch(/Closing Soon\s+ended/);
    expect(await refusal('close', '999999')).toBe('There is no unique mission #999999.');
    expect(await refusal('close', 'x')).toMatch(/^The id must be a whole number/);
    expect(await refusal('open')).toBe('Unknown unique command "open": create, list or close.');
  });

  it('exits 1 with the reason through the CLI entry', async () => {
    const err: string[] = [];
    const io = { env: {}, out: { write: () => true }, err: { write: (t: string) => err.push(t) } };
    expect(await runCli(['unique', 'create', '--name', 'x'], io)).toBe(1);
    expect(err.join('')).toMatch(/^error: --end is required/);
  });
});
