import { runCli } from './run.js';

/** `npm run admin -- <command>`: the operator CLI. Everything is in run.ts, testable. */
process.exitCode = await runCli(process.argv.slice(2), {
  env: process.env,
  out: process.stdout,
  err: process.stderr,
});
