import {
  GAME_CONFIG,
  itemByCode,
  RARITY_NAMES,
  SKILL_NAMES,
  uniqueDraftProblem,
  type Rarity,
  type Skill,
  type UniqueEventDraft,
} from '@aleph/rules';
import { createUniqueEvent } from '../../modules/unique/admin.js';
import { expectPositionals, parseArgs, parseWhole } from '../args.js';
import { recordStaffAction } from '../../core/staff-log.js';
import { cliStaff, REASON_OPTION } from '../staff.js';
import { CliError, line, type CommandRun } from '../command.js';
import { formatUtc } from '../table.js';

export const CREATE_USAGE =
  'unique create --name <text> --end <date> --places N --skill <skill> --min N --reward <list> [--start <date>] [--rarity <rarity>] [--minutes N] [--duration-skill <skill>] [--description <text>] [--reason <text>]';

const OPTIONS = [
  REASON_OPTION,
  'name',
  'description',
  'start',
  'end',
  'places',
  'skill',
  'min',
  'rarity',
  'minutes',
  'duration-skill',
  'reward',
];
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?Z?$/;

/** `2026-03-02` or `2026-03-02T18:00` (UTC), or `now`. */
export function parseDate(text: string, option: string, now: Date): Date {
  if (text === 'now') return now;
  const m = DATE.exec(text);
  const [, y, mo, d, h = '00', mi = '00'] = m ?? [];
  const ms = m ? Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi)) : NaN;
  const date = new Date(ms);
  // Date.UTC rolls 2026-02-30 over to March: a date that does not read back is not a date.
  if (!m || formatUtc(date).slice(0, 16) !== `${y}-${mo}-${d} ${h}:${mi}`)
    throw new CliError(
      `--${option} must be a UTC date such as 2026-03-02 or 2026-03-02T18:00, or now; not "${text}".`,
    );
  return date;
}

function byName<T extends number>(names: readonly string[], text: string, option: string): T {
  const index = names.findIndex((n) => n.toLowerCase() === text.toLowerCase());
  if (index === -1)
    throw new CliError(`--${option} must be one of ${names.join(', ')}; not "${text}".`);
  return index as T;
}

/** `gold=2000,xp=6000,SEAL_FIRE=3`: gold, XP and item codes of the catalogue with counts. */
export function parseReward(text: string): UniqueEventDraft['reward'] {
  const reward = { gold: 0, xp: 0, items: {} as Record<string, number> };
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [key = '', value = '', extra] = part.split('=');
    if (extra !== undefined || value === '')
      throw new CliError(
        `--reward takes key=count pairs such as gold=2000,xp=6000,SEAL_FIRE=3; not "${part}".`,
      );
    const name = key.trim().toUpperCase();
    const count = parseWhole(value.trim(), `--reward ${key.trim()}`, 0, 1_000_000);
    if (name === 'GOLD') reward.gold = count;
    else if (name === 'XP') reward.xp = count;
    else if (itemByCode(name)) reward.items[name] = count;
    else
      throw new CliError(
        `--reward: there is no item "${key.trim()}"; use gold, xp or an item code such as SEAL_FIRE.`,
      );
  }
  return reward;
}

const OPTION_OF: Record<string, string> = { gold: 'reward', xp: 'reward', items: 'reward' };

export function createUnique(rest: readonly string[]): CommandRun {
  const args = parseArgs(rest, OPTIONS);
  expectPositionals(args, [], CREATE_USAGE);
  const need = (name: string) => {
    const value = args.options.get(name);
    if (value === undefined) throw new CliError(`--${name} is required. Usage: ${CREATE_USAGE}`);
    return value;
  };
  const staff = cliStaff(args, ['unique', 'create', ...rest]);
  const name = need('name');
  const endText = need('end');
  const places = parseWhole(need('places'), '--places', 1, GAME_CONFIG.unique.limits.placesMax);
  const skill = byName<Skill>(SKILL_NAMES, need('skill'), 'skill');
  const min = parseWhole(
    need('min'),
    '--min',
    GAME_CONFIG.heroes.skillMin,
    GAME_CONFIG.heroes.skillMax,
  );
  const reward = parseReward(need('reward'));
  const rarityText = args.options.get('rarity');
  const minRarity =
    rarityText === undefined ? null : byName<Rarity>(RARITY_NAMES, rarityText, 'rarity');
  const minutesText = args.options.get('minutes');
  const { minutesMin, minutesMax } = GAME_CONFIG.unique.limits;
  const baseMinutes =
    minutesText === undefined
      ? GAME_CONFIG.unique.mission.baseMinutes
      : parseWhole(minutesText, '--minutes', minutesMin, minutesMax);
  const durationText = args.options.get('duration-skill');
  const durationSkill =
    durationText === undefined ? skill : byName<Skill>(SKILL_NAMES, durationText, 'duration-skill');
  const draft: UniqueEventDraft = {
    name,
    description: args.options.get('description') ?? '',
    places,
    requirement: { skill, min, minRarity },
    reward,
    duration: { baseMinutes, skill: durationSkill },
  };
  return async ({ db, now, out }) => {
    const start = parseDate(args.options.get('start') ?? 'now', 'start', now);
    const end = parseDate(endText, 'end', now);
    const problem = uniqueDraftProblem(draft, start.getTime(), end.getTime(), now.getTime());
    if (problem)
      throw new CliError(`--${OPTION_OF[problem.field] ?? problem.field}: ${problem.message}`);
    const id = await db.transaction(async (tx) => {
      const created = await createUniqueEvent(tx, draft, start, end, now);
      await recordStaffAction(tx, {
        ...staff,
        action: 'unique.create',
        details: {
          id: created,
          name: draft.name.trim(),
          startsAt: start.toISOString(),
          endsAt: end.toISOString(),
          places,
          reward,
        },
        at: now,
      });
      return created;
    });
    line(
      out,
      `Created unique mission #${id} "${draft.name.trim()}": ${formatUtc(start)} to ${formatUtc(end)} UTC, ${places} places.`,
    );
  };
}
