import { ensureDemoWorld } from '../../modules/world/demo.js';
import { expectPositionals, parseArgs } from '../args.js';
import { line, type CliCommand } from '../command.js';

export const demo: CliCommand = {
  name: 'demo',
  summary: 'create the demo world if absent and print the demo login',
  help: `Usage:
  demo

Creates, once, the demo world: a "demo" account with three lands, six heroes,
gold, items, XP enough to unlock profile level 1, messages and two running
missions, plus about fifty players on this week's boards. Prints the demo login
and password (generated the first time and kept in world_state: a demo-only
convenience, so do not create it on a world with real stakes).
The embedded database gets it on the server's first start; on PostgreSQL it is
made only by this command.
`,
  prepare(argv) {
    expectPositionals(parseArgs(argv), [], 'demo');
    return async ({ db, now, out }) => {
      const result = await ensureDemoWorld(db, now, (text) => line(out, text));
      if (!result.created) line(out, 'The demo world already exists.');
      line(out, `Demo account: ${result.login} / ${result.password}`);
    };
  },
};
