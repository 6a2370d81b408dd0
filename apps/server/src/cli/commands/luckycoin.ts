import { GAME_CONFIG } from '@aleph/rules';
import { closeLuckyEvents, openLuckyEvent } from '../../modules/economy/lucky.js';
import { expectPositionals, parseArgs } from '../args.js';
import { CliError, line, type CliCommand } from '../command.js';
import { cliStaff, REASON_HELP, REASON_OPTION } from '../staff.js';

const USAGE =
  'luckycoin open --hours <N> [--note "..."] [--reason "..."] | luckycoin close [--reason "..."]';
const MAX_HOURS = GAME_CONFIG.economy.luckyCoin.maxOperatorHours;

export const luckycoin: CliCommand = {
  name: 'luckycoin',
  summary: 'open the Lucky coin event now for N hours, or close the operator openings',
  help: `Usage:
  ${USAGE}

open   Opens the Lucky coin event from now for --hours hours (1 to ${MAX_HOURS}). The opening
       is a row in the database, so every server process sees it within a second.
close  Ends every operator opening now. The weekly weekend opening (Saturday 00:00 to
       Sunday 24:00 UTC) is part of the rules and cannot be closed.
Both are written to the staff log.
${REASON_HELP}

Example:
  npm run admin -- luckycoin open --hours 6
`,
  prepare(argv) {
    const args = parseArgs(argv, ['hours', 'note', REASON_OPTION]);
    const staff = cliStaff(args, ['luckycoin', ...argv]);
    const [action] = args.positionals;
    if (action === 'close') {
      expectPositionals(args, ['close'], USAGE);
      return async ({ db, now, out }) => {
        const closed = await closeLuckyEvents(db, now, staff);
        line(out, `Closed ${closed} operator opening${closed === 1 ? '' : 's'}.`);
      };
    }
    if (action !== 'open') throw new CliError(`Usage: ${USAGE}`);
    expectPositionals(args, ['open'], USAGE);
    const text = args.options.get('hours');
    const hours = Number(text);
    if (text === undefined || !Number.isInteger(hours) || hours < 1 || hours > MAX_HOURS) {
      throw new CliError(`--hours must be a whole number from 1 to ${MAX_HOURS}.`);
    }
    const note = args.options.get('note') ?? null;
    return async ({ db, now, out }) => {
      const window = await openLuckyEvent(db, now, hours, note, staff);
      line(out, `Lucky coin event open until ${window.closesAt.toISOString()}.`);
    };
  },
};
