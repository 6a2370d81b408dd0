import { auditLedger } from '../../core/audit.js';
import { expectPositionals, parseArgs } from '../args.js';
import { line, type CliCommand } from '../command.js';

export const audit: CliCommand = {
  name: 'audit',
  summary: 'check that every balance equals the sum of its ledger entries',
  help: `Usage:
  audit

Compares every stored balance (treasury gold, platinum, XP, VIP points, land gold,
vaults, shards, items) with the sum of its ledger entries, and looks for negative
balances. Prints "Books balanced" and exits 0, or lists the problems and exits 1.
`,
  prepare(argv) {
    expectPositionals(parseArgs(argv), [], 'audit');
    return async ({ db, out }) => {
      const problems = await auditLedger(db);
      if (problems.length === 0) {
        line(out, 'Books balanced');
        return 0;
      }
      line(
        out,
        `${problems.length} balance${problems.length === 1 ? '' : 's'} disagree with the ledger:`,
      );
      for (const p of problems) line(out, `  ${p.balance}: stored ${p.stored}, ledger ${p.ledger}`);
      return 1;
    };
  },
};
