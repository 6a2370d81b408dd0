import type { Db } from '../db/client.js';

/** Where a command writes; process.stdout in the CLI, a buffer in tests. */
export interface Output {
  write(text: string): unknown;
}

export interface CliContext {
  db: Db;
  now: Date;
  out: Output;
}

/** Bad input or a refusal: the CLI prints the one-line message and exits with code 1. */
export class CliError extends Error {
  override name = 'CliError';
}

/** What a command does once its arguments are known to be good; a number is the exit code. */
export type CommandRun = (ctx: CliContext) => Promise<number | void>;

export interface CliCommand {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The full `--help` text. */
  help: string;
  /** Checks the arguments before any database is opened, so bad input fails fast. */
  prepare(argv: readonly string[]): CommandRun;
}

/** Parses then runs: how the CLI and the tests call a command. */
export async function runCommand(command: CliCommand, ctx: CliContext, argv: readonly string[]) {
  return (await command.prepare(argv)(ctx)) ?? 0;
}

export const line = (out: Output, text = '') => out.write(`${text}\n`);
