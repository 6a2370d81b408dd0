import type { StaffRole } from '@aleph/contracts';
import { setRole } from '../../http/staff/accounts.js';
import { expectPositionals, parseArgs } from '../args.js';
import { CliError, line, type CliCommand } from '../command.js';
import { playerByLogin } from '../lookup.js';
import { cliStaff, REASON_HELP, REASON_OPTION } from '../staff.js';

const USAGE = 'role set <login> player|moderator|admin [--reason <text>]';
const ROLES: readonly StaffRole[] = ['player', 'moderator', 'admin'];

export const role: CliCommand = {
  name: 'role',
  summary: "set an account's staff role: player, moderator or admin",
  help: `Usage:
  ${USAGE}

Moderators and admins may use the operators' console (/admin in the game, its API
under /diwan); admins may also grant and take back, change roles and use the
operator tools there. "player" takes a staff role back. The change applies to
the account's next request and is written to the staff log.

${REASON_HELP}

Example:
  npm run admin -- role set alice moderator --reason "Runs the forum"
`,
  prepare(argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'set') throw new CliError(`Usage: ${USAGE}`);
    const args = parseArgs(rest, [REASON_OPTION]);
    const [login, wanted] = expectPositionals(args, ['login', 'role'], USAGE) as [string, string];
    const next = ROLES.find((r) => r === wanted);
    if (!next) throw new CliError(`The role must be player, moderator or admin, not "${wanted}".`);
    const staff = cliStaff(args, ['role', ...argv]);
    return async ({ db, now, out }) => {
      const player = await playerByLogin(db, login);
      await setRole(db, player.id, next, staff, now);
      line(out, `${player.login} is now ${next === 'admin' ? 'an' : 'a'} ${next}.`);
    };
  },
};
