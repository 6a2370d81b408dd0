import { parseArgs as parseOptions } from 'node:util';
import { CliError } from './command.js';

export interface ParsedArgs {
  positionals: string[];
  options: Map<string, string>;
}

/** A negative number such as `-3` is an argument (refused later as a number), not an option. */
const NEGATIVE_NUMBER = /^-\d/;

/**
 * Positionals, and `--name value` or `--name=value` for the options a command declares, parsed
 * by node:util's parseArgs in strict mode: any other option (`--adress`, `-x`) is refused by
 * name, so a typo never passes silently. `--` ends the options.
 */
export function parseArgs(argv: readonly string[], known: readonly string[] = []): ParsedArgs {
  // A NUL cannot occur in a real argument, so these stand-ins cannot clash with one.
  const stashed = new Map<string, string>();
  const args = argv.map((arg, i) => {
    if (!NEGATIVE_NUMBER.test(arg)) return arg;
    const token = `\0${i}`;
    stashed.set(token, arg);
    return token;
  });
  const restore = (value: string) => stashed.get(value) ?? value;
  let parsed;
  try {
    parsed = parseOptions({
      args,
      options: Object.fromEntries(
        known.map((name) => [name, { type: 'string' as const, multiple: true }]),
      ),
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    throw new CliError(refusal(err));
  }
  const options = new Map<string, string>();
  for (const [name, values] of Object.entries(parsed.values)) {
    const list = (values ?? []) as string[];
    if (list.length > 1) throw new CliError(`--${name} is given twice.`);
    if (list[0] !== undefined) options.set(name, restore(list[0]));
  }
  return { positionals: parsed.positionals.map(restore), options };
}

/** node:util's messages, in the CLI's one-line form. */
function refusal(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const name = /'(--?[^' ]+)/.exec(e.message ?? '')?.[1];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && name)
    return `Unknown option ${name}. Run the command with --help for its options.`;
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && name) return `${name} needs a value.`;
  return e.message ?? String(err);
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
