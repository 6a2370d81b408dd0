import { resetTwoFactor } from '../../modules/auth/two-factor.js';
import { expectPositionals, parseArgs } from '../args.js';
import { CliError, line, type CliCommand } from '../command.js';
import { playerByLogin } from '../lookup.js';
import { cliStaff, REASON_HELP, REASON_OPTION } from '../staff.js';

const USAGE = '2fa reset <login> [--reason "..."]';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export const twoFactor: CliCommand = {
  name: '2fa',
  summary: "turn a player's two-factor sign-in off (lost authenticator and recovery codes)",
  help: `Usage:
  ${USAGE}

Turns two-factor sign-in off for the player, as the player would with a code: the
TOTP secret (and any secret waiting to be confirmed), the last accepted time step,
the recovery codes and the open login challenges are removed. The player can then
log in with the password alone and turn two-factor on again. The player's inbox
gets a note saying when an operator did this. Prints what was removed; a player
whose two-factor is off is left as is. The reset is written to the staff log.
${REASON_HELP}
`,
  prepare(argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'reset') throw new CliError(`Usage: ${USAGE}`);
    const args = parseArgs(rest, [REASON_OPTION]);
    const [login] = expectPositionals(args, ['login'], USAGE) as [string];
    const staff = cliStaff(args, ['2fa', ...argv]);
    return async ({ db, now, out }) => {
      const player = await playerByLogin(db, login);
      const reset = await resetTwoFactor(db, player.id, now, staff);
      if (!reset.wasOn) {
        line(out, `${player.login} does not use two-factor sign-in: nothing to reset.`);
        return;
      }
      line(
        out,
        `Two-factor sign-in is off for ${player.login}: secret removed, ` +
          `${plural(reset.recoveryCodes, 'unused recovery code')} and ` +
          `${plural(reset.challenges, 'open login challenge')} voided; ` +
          `a note was left in the player's inbox.`,
      );
    };
  },
};
