import { demoBanner, ensureDemoWorld, resetDemoPasswords } from '../../seed/demo.js';
import { expectPositionals, parseArgs } from '../args.js';
import { line, type CliCommand } from '../command.js';

export const demo: CliCommand = {
  name: 'demo',
  summary: 'create the demo world if absent and print new demo and veteran passwords',
  help: `Usage:
  demo

Creates, once, the demo world: a "demo" account with three lands, seven heroes,
gold, items, XP enough to unlock profile level 1, messages and two running
missions; a "veteran" account at profile level 10 with seventeen developed
lands, fifteen heroes and a history of finished missions; plus about fifty
players on this week's boards (a demo-only convenience, so do not create it on
a world with real stakes).
Prints both logins and their passwords. Only the passwords' hashes are stored,
so when the world already exists the command sets NEW random passwords and
prints them: the previous ones stop working.
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
      line(out, 'The demo world already exists. Its passwords are replaced by new ones.');
      line(out, demoBanner(await resetDemoPasswords(db)));
    };
  },
};
