import { demoBanner, ensureDemoWorld, resetDemoPassword } from '../../modules/world/demo.js';
import { expectPositionals, parseArgs } from '../args.js';
import { line, type CliCommand } from '../command.js';

export const demo: CliCommand = {
  name: 'demo',
  summary: 'create the demo world if absent and print a new demo password',
  help: `Usage:
  demo

Creates, once, the demo world: a "demo" account with three lands, six heroes,
gold, items, XP enough to unlock profile level 1, messages and two running
missions, plus about fifty players on this week's boards (a demo-only
convenience, so do not create it on a world with real stakes).
Prints the demo login and a password. Only the password's hash is stored, so
when the world already exists the command sets a NEW random password and prints
it: the previous one stops working.
The embedded database gets the world on the server's first start; on PostgreSQL
it is made only by this command.
`,
  prepare(argv) {
    expectPositionals(parseArgs(argv), [], 'demo');
    return async ({ db, now, out }) => {
      const world = await ensureDemoWorld(db, now, (text) => line(out, text));
      if (world.created) {
        line(out, demoBanner(world));
        return;
      }
      line(out, 'The demo world already exists. Its password is replaced by a new one.');
      const password = await resetDemoPassword(db);
      line(out, demoBanner({ login: world.login, created: true, password }));
    };
  },
};
