import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.js';
import { expectPositionals, parseArgs, parseWhole } from '../args.js';
import { CliError, line, type CliCommand, type CommandRun } from '../command.js';
import { formatTable, formatUtc } from '../table.js';
import { createUser, CREATE_USAGE } from './users-create.js';

const LIST_USAGE = 'users list [--limit N]';

interface UserRow {
  id: number;
  login: string;
  level: number;
  xp: number | string;
  gold: number | string;
  platinum: number | string;
  lands: number;
  heroes: number;
  created_at: Date | string;
}

function listUsers(rest: readonly string[]): CommandRun {
  const args = parseArgs(rest, ['limit']);
  expectPositionals(args, [], LIST_USAGE);
  const limitText = args.options.get('limit');
  const limit = limitText === undefined ? 100 : parseWhole(limitText, '--limit', 1, 100_000);
  return async ({ db, out }) => {
    const rows = await queryRows<UserRow>(
      db,
      sql`select u.id, u.login, p.level, p.xp, p.gold, p.platinum, u.created_at,
            (select count(*) from lands l where l.owner_id = u.id)::int as lands,
            (select count(*) from heroes h where h.owner_id = u.id)::int as heroes
          from users u join profiles p on p.id = u.id
          order by u.id limit ${limit}`,
    );
    const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users`);
    const count = Number(total?.n ?? 0);
    if (count === 0) {
      line(out, 'No players yet.');
      return;
    }
    const table = rows.map((r) => [
      Number(r.id),
      r.login,
      Number(r.level),
      Number(r.xp),
      Number(r.gold),
      Number(r.platinum),
      Number(r.lands),
      Number(r.heroes),
      formatUtc(new Date(r.created_at)),
    ]);
    line(
      out,
      formatTable(
        ['id', 'login', 'level', 'XP', 'gold', 'platinum', 'lands', 'heroes', 'created (UTC)'],
        table,
      ),
    );
    const more =
      count > rows.length ? `; showing the first ${rows.length} (use --limit to see more)` : '';
    line(out, `${count} player${count === 1 ? '' : 's'}${more}.`);
  };
}

export const users: CliCommand = {
  name: 'users',
  summary: 'list players, or create an account without a wallet signature',
  help: `Usage:
  ${LIST_USAGE}
  ${CREATE_USAGE}

users list     One line per player in order of id: id, login, profile level, XP,
               treasury gold and platinum, lands and heroes owned, when created.
               --limit N   at most N players (default 100).
users create   An account with the starter grant, like a registration. Without
               --address it gets a placeholder address that no wallet controls.
               A random password is generated and printed once. The account's
               creation is written to the staff log (--reason says why).
`,
  prepare(argv) {
    const [sub, ...rest] = argv;
    if (sub === 'list') return listUsers(rest);
    if (sub === 'create') return createUser(rest);
    throw new CliError(
      sub === undefined
        ? 'users what? list or create.'
        : `Unknown users command "${sub}": list or create.`,
    );
  },
};
