import { CLI_ACTOR, type StaffRecord } from '../core/staff-log.js';
import { CliError } from './command.js';
import type { ParsedArgs } from './args.js';

/** The option every command that changes something takes: why, for the staff log. */
export const REASON_OPTION = 'reason';

export const REASON_HELP = `  --reason <text>  why, for the staff log ("stafflog" prints it); without it
                   the log keeps the command line itself`;

/**
 * The CLI as a staff member: the staff log's actor 'cli', with `--reason` or, when none is
 * given, the command line as the reason (docs/operations.md, "Moderation").
 */
export function cliStaff(args: ParsedArgs, commandLine: readonly string[]): StaffRecord {
  const given = args.options.get(REASON_OPTION);
  if (given !== undefined && given.trim().length < 3) {
    throw new CliError('--reason must be at least 3 characters.');
  }
  const reason = given?.trim() ?? `admin ${commandLine.join(' ')}`;
  return { actor: CLI_ACTOR, reason: reason.slice(0, 500) };
}
