import { setProfileLevel } from '../../modules/world/grants.js';
import { expectPositionals, parseArgs, parseWhole } from '../args.js';
import { CliError, line, type CliCommand } from '../command.js';
import { playerByLogin } from '../lookup.js';
import { cliStaff, REASON_HELP, REASON_OPTION } from '../staff.js';

const USAGE = 'level set <login> <0-10> [--reason "..."]';

export const level: CliCommand = {
  name: 'level',
  summary: "set a player's profile level (and so its feature flags)",
  help: `Usage:
  ${USAGE}

Sets the profile level directly; the flags profileLevel1..N follow from it. XP is
left as it is (players normally level up through the PROFILELEVELUP workflow).
The change is written to the staff log.
${REASON_HELP}
`,
  prepare(argv) {
    const [sub, ...rest] = argv;
    if (sub !== 'set') throw new CliError(`Usage: ${USAGE}`);
    const args = parseArgs(rest, [REASON_OPTION]);
    const [login, levelText] = expectPositionals(args, ['login', 'level'], USAGE) as [
      string,
      string,
    ];
    const staff = cliStaff(args, ['level', ...argv]);
    const target = parseWhole(levelText, 'The level', 0, 10);
    return async ({ db, now, out }) => {
      const player = await playerByLogin(db, login);
      const features = await setProfileLevel(db, player.id, target, now, staff);
      const flags = features.length > 0 ? features.join(', ') : 'none';
      line(out, `${player.login} is now at profile level ${target} (features: ${flags}).`);
    };
  },
};
