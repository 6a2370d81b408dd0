import { systemClock } from '../lib/clock.js';
import { AppError } from '../lib/errors.js';
import type { Database } from '../db/client.js';
import { syncItemCatalogue } from '../modules/world/catalogue.js';
import { CliError, line, type CliCommand, type Output } from './command.js';
import { announce } from './commands/announce.js';
import { audit } from './commands/audit.js';
import { demo } from './commands/demo.js';
import { grant } from './commands/grant.js';
import { level } from './commands/level.js';
import { luckycoin } from './commands/luckycoin.js';
import { mail } from './commands/mail.js';
import { role } from './commands/role.js';
import { stafflog } from './commands/stafflog.js';
import { twoFactor } from './commands/two-factor.js';
import { unique } from './commands/unique.js';
import { users } from './commands/users.js';
import { world } from './commands/world.js';
import { cliDatabaseConfig, openCliDatabase } from './open-database.js';

export const COMMANDS: readonly CliCommand[] = [
  world,
  users,
  grant,
  level,
  announce,
  audit,
  demo,
  luckycoin,
  unique,
  mail,
  twoFactor,
  role,
  stafflog,
];

const HELP_FLAGS = new Set(['--help', '-h']);

function generalHelp(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return `Lands of Aleph operator commands.

Usage: npm run admin -- <command> [arguments]

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Run "npm run admin -- <command> --help" for a command's arguments.

The commands open the server's database: PostgreSQL when DATABASE_URL is set,
else the embedded PGlite in DATA_DIR/pglite (default: data/ at the repository
root). PGlite serves one process at a time: stop the server first, or use
PostgreSQL. Exit code 0 on success, 1 with a one-line reason on failure.
`;
}

function reason(err: unknown): string {
  if (err instanceof CliError || err instanceof AppError) return err.message;
  const e = err as { code?: string; message?: string };
  if (
    e?.code === 'ECONNREFUSED' ||
    e?.code === 'ENOTFOUND' ||
    e?.code === '28P01' ||
    e?.code === '3D000'
  ) {
    return `Cannot open the PostgreSQL database of DATABASE_URL: ${e.message}`;
  }
  return err instanceof Error ? err.message : String(err);
}

export interface CliIo {
  env: NodeJS.ProcessEnv;
  out: Output;
  err: Output;
  now?: () => Date;
}

/** Runs one command line; resolves to the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || HELP_FLAGS.has(name) || (name === 'help' && rest.length === 0)) {
    io.out.write(generalHelp());
    return name === undefined ? 1 : 0;
  }
  const wanted = name === 'help' ? rest[0] : name;
  const command = COMMANDS.find((c) => c.name === wanted);
  if (!command) {
    line(io.err, `error: Unknown command "${wanted}". Run "npm run admin -- --help" for the list.`);
    return 1;
  }
  if (name === 'help' || rest.some((arg) => HELP_FLAGS.has(arg))) {
    io.out.write(command.help);
    return 0;
  }
  let database: Database | undefined;
  try {
    const run = command.prepare(rest);
    database = await openCliDatabase(cliDatabaseConfig(io.env));
    // Every command works on an up-to-date schema and item catalogue.
    await database.migrate();
    await syncItemCatalogue(database.db);
    const now = io.now?.() ?? systemClock.now();
    return (await run({ db: database.db, now, out: io.out })) ?? 0;
  } catch (err) {
    line(io.err, `error: ${reason(err)}`);
    return 1;
  } finally {
    await database?.close();
  }
}
