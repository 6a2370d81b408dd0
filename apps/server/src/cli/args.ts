import { CliError } from './command.js';

export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
}

/**
 * A small argv parser: positionals, and `--name value` or `--name=value` for the options a
 * command declares. Anything else starting with `--` is refused by name, so a typo never
 * passes silently. `--` ends the options.
 */
export function parseArgs(argv: readonly string[], known: readonly string[] = []): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (!known.includes(name)) throw new CliError(`Unknown option --${name}.`);
    const value = eq === -1 ? argv[++i] : arg.slice(eq + 1);
    if (value === undefined || (eq === -1 && value.startsWith('--'))) {
      throw new CliError(`--${name} needs a value.`);
    }
    if (options.has(name)) throw new CliError(`--${name} is given twice.`);
    options.set(name, value);
  }
  return { positionals, options };
}

/** Exactly `names.length` positionals, or a refusal that says which are missing or extra. */
export function expectPositionals(
  args: ParsedArgs,
  names: readonly string[],
  usage: string,
): string[] {
  const got = args.positionals;
  if (got.length < names.length) {
    throw new CliError(`Missing ${names.slice(got.length).join(', ')}. Usage: ${usage}`);
  }
  if (got.length > names.length) {
    throw new CliError(`Unexpected argument "${got[names.length]}". Usage: ${usage}`);
  }
  return got;
}

/** The largest amount a grant accepts: far above any real need, far below float trouble. */
export const MAX_AMOUNT = 1_000_000_000_000;

/** A whole number in [min, max], written in plain digits (no 1e3, no 0x10, no 12.0). */
export function parseWhole(text: string, what: string, min: number, max: number): number {
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError(`${what} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

export const parseAmount = (text: string, what = 'The amount') =>
  parseWhole(text, what, 1, MAX_AMOUNT);
export const parseId = (text: string, what: string) => parseWhole(text, what, 1, 2_147_483_647);
