import { requirementText, rewardLines, uniqueStatus } from '@aleph/rules';
import { closeUniqueEvent, listUniqueEventsForAdmin } from '../../modules/unique/admin.js';
import { expectPositionals, parseArgs, parseId } from '../args.js';
import { recordStaffAction } from '../../core/staff-log.js';
import { cliStaff, REASON_HELP, REASON_OPTION } from '../staff.js';
import { CliError, line, type CliCommand, type CommandRun } from '../command.js';
import { formatTable, formatUtc } from '../table.js';
import { createUnique, CREATE_USAGE } from './unique-create.js';

const LIST_USAGE = 'unique list [--all]';
const CLOSE_USAGE = 'unique close <id>';

function listUnique(rest: readonly string[]): CommandRun {
  // A flag without a value: taken out before the options, which all take one.
  const all = rest.includes('--all');
  expectPositionals(parseArgs(rest.filter((arg) => arg !== '--all')), [], LIST_USAGE);
  return async ({ db, now, out }) => {
    const events = await listUniqueEventsForAdmin(db, now, all);
    if (events.length === 0) {
      line(out, all ? 'No unique missions yet.' : 'No unique mission is open or coming.');
      return;
    }
    const rows = events.map((e) => [
      e.id,
      e.name,
      uniqueStatus(e, now.getTime()),
      formatUtc(new Date(e.startsAt)),
      formatUtc(new Date(e.endsAt)),
      `${e.placesLeft}/${e.places}`,
      e.joined,
      requirementText(e),
      rewardLines(e.reward).join(', '),
      e.weekKey ?? 'operator',
    ]);
    const headers = [
      'id',
      'name',
      'status',
      'start (UTC)',
      'end (UTC)',
      'left',
      'joined',
      'needs',
      'reward',
      'from',
    ];
    line(out, formatTable(headers, rows));
  };
}

function closeUnique(rest: readonly string[]): CommandRun {
  const args = parseArgs(rest, [REASON_OPTION]);
  const [idText] = expectPositionals(args, ['id'], CLOSE_USAGE) as [string];
  const id = parseId(idText, 'The id');
  const staff = cliStaff(args, ['unique', 'close', ...rest]);
  return async ({ db, now, out }) => {
    const closed = await db.transaction(async (tx) => {
      const done = await closeUniqueEvent(tx, id, now);
      if (done) {
        await recordStaffAction(tx, { ...staff, action: 'unique.close', details: { id }, at: now });
      }
      return done;
    });
    line(
      out,
      closed
        ? `Closed unique mission #${id}: no new heroes can join; heroes on their way finish.`
        : `Unique mission #${id} was already closed.`,
    );
  };
}

export const unique: CliCommand = {
  name: 'unique',
  summary: 'create, list and close unique missions (world events at profile level 9)',
  help: `Usage:
  ${CREATE_USAGE}
  ${LIST_USAGE}
  ${CLOSE_USAGE}

unique create   A world event with limited places. Dates are UTC (2026-03-02 or
                2026-03-02T18:00, or now); --start defaults to now.
                --skill and --min: the hero's minimum skill (Mastery, Intelligence,
                Resilience, Agility, Charisma, Luck, Efficiency, Strength).
                --rarity: an optional minimum rarity (Common .. Legendary).
                --reward: gold=N,xp=N and item codes, e.g. gold=2000,xp=6000,SEAL_FIRE=3.
                --minutes and --duration-skill: the mission's base minutes (default 240)
                and the skill that shortens it (default --skill).
unique list     Events not yet over, newest start first (--all: every event), with
                places left, players joined, and whether the rotation made it.
unique close    Ends an event now: no new heroes; heroes already sent finish and are paid.
                When nothing else is open, the week's rotation event is not recreated.
Creating and closing are written to the staff log.
${REASON_HELP}
`,
  prepare(argv) {
    const [sub, ...rest] = argv;
    if (sub === 'create') return createUnique(rest);
    if (sub === 'list') return listUnique(rest);
    if (sub === 'close') return closeUnique(rest);
    throw new CliError(
      sub === undefined
        ? 'unique what? create, list or close.'
        : `Unknown unique command "${sub}": create, list or close.`,
    );
  },
};
