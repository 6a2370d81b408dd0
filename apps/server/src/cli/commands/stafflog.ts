import { readStaffLog } from '../../core/staff-log.js';
import { expectPositionals, parseArgs, parseWhole } from '../args.js';
import { line, type CliCommand } from '../command.js';
import { playerByLogin } from '../lookup.js';
import { formatTable, formatUtc } from '../table.js';

const USAGE = 'stafflog [--target <login>] [--action <action>] [--limit N]';

/** One line, at most `width` characters: a table cell. */
const cell = (text: string, width: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

export const stafflog: CliCommand = {
  name: 'stafflog',
  summary: 'print the staff log: every staff action, newest first',
  help: `Usage:
  ${USAGE}

Prints the staff log (append-only): when, who ("cli" for this CLI, else the
staff member's login), the action, its target, the reason and what changed.
  --target <login>  only actions on this player
  --action <name>   only this action (suspend, ban, lift, mute, unmute, rename,
                    grant, message, end_sessions, two_factor_reset, role.set,
                    level.set, announce, unique.create, unique.close,
                    luckycoin.open, luckycoin.close, users.create,
                    report.resolve, report.dismiss)
  --limit N         how many rows (default 50)
`,
  prepare(argv) {
    const args = parseArgs(argv, ['target', 'action', 'limit']);
    expectPositionals(args, [], USAGE);
    const limitText = args.options.get('limit');
    const limit = limitText === undefined ? 50 : parseWhole(limitText, '--limit', 1, 100_000);
    const target = args.options.get('target');
    const action = args.options.get('action');
    return async ({ db, out }) => {
      const targetUserId = target === undefined ? undefined : (await playerByLogin(db, target)).id;
      const rows = await readStaffLog(db, { action, targetUserId, limit });
      if (rows.length === 0) {
        line(out, 'No staff actions yet.');
        return;
      }
      line(
        out,
        formatTable(
          ['id', 'at (UTC)', 'by', 'action', 'target', 'reason', 'details'],
          rows.map((r) => [
            r.id,
            formatUtc(new Date(r.at)),
            r.actorLabel,
            r.action,
            r.targetLogin ?? (r.targetUserId === null ? '' : `#${r.targetUserId}`),
            cell(r.reason, 40),
            cell(JSON.stringify(r.details), 80),
          ]),
        ),
      );
    };
  },
};
