import { ITEMS } from '@aleph/rules';
import { syncItemCatalogue } from '../../modules/world/catalogue.js';
import { markWorldCreated } from '../../seed/demo-state.js';
import { expectPositionals, parseArgs } from '../args.js';
import { CliError, line, type CliCommand } from '../command.js';

export const world: CliCommand = {
  name: 'world',
  summary: 'create the world: migrate the schema, sync the item catalogue',
  help: `Usage:
  world create

Brings the database schema up to date, syncs the item catalogue with the rules
and marks the world created. Safe to run again: it says whether the world is new.
(Every admin command migrates first; this one is the explicit first step.)
`,
  prepare(argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'create') throw new CliError('Usage: world create');
    expectPositionals(parseArgs(rest), [], 'world create');
    return async ({ db, now, out }) => {
      await syncItemCatalogue(db);
      const created = await markWorldCreated(db, now);
      line(out, `Schema up to date; item catalogue synced (${ITEMS.length} items).`);
      line(out, created ? 'World created.' : 'The world already existed; nothing else to do.');
    };
  },
};
