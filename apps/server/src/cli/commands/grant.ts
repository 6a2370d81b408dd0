import { ITEMS, itemByCode, ELEMENT_NAMES } from '@aleph/rules';
import { loadProfile } from '../../modules/profile/service.js';
import { grantToLand, grantToProfile, type LandGrant } from '../../modules/world/grants.js';
import { expectPositionals, parseAmount, parseArgs, parseId } from '../args.js';
import { CliError, line, type CliCommand, type CommandRun } from '../command.js';
import { landOfPlayer, parseElement, playerByLogin } from '../lookup.js';
import { cliStaff, REASON_HELP, REASON_OPTION } from '../staff.js';

const USAGE = {
  profile: 'grant gold|platinum|xp <login> <amount> [--reason "..."]',
  item: 'grant item <login> <landid> <ITEM_CODE> <count> [--reason "..."]',
  vault: 'grant elementals|shards <login> <landid> <elemid> <amount> [--reason "..."]',
};

function profileGrant(kind: 'gold' | 'platinum' | 'xp', rest: string[]): CommandRun {
  const args = parseArgs(rest, [REASON_OPTION]);
  const [login, amountText] = expectPositionals(args, ['login', 'amount'], USAGE.profile) as [
    string,
    string,
  ];
  const staff = cliStaff(args, ['grant', kind, ...rest]);
  const amount = parseAmount(amountText);
  return async ({ db, now, out }) => {
    const player = await playerByLogin(db, login);
    await grantToProfile(db, player.id, { [kind]: amount }, now, 'grant', staff);
    const profile = await loadProfile(db, player.id);
    line(out, `Granted ${amount} ${kind} to ${player.login}; ${kind} is now ${profile[kind]}.`);
  };
}

function itemCode(text: string): string {
  const code = text.toUpperCase();
  if (!itemByCode(code)) {
    throw new CliError(
      `There is no item ${text}. Items: ${ITEMS.map((i) => i.item_code).join(', ')}.`,
    );
  }
  return code;
}

function landGrant(kind: 'item' | 'elementals' | 'shards', rest: string[]): CommandRun {
  const names =
    kind === 'item'
      ? ['login', 'landid', 'ITEM_CODE', 'count']
      : ['login', 'landid', 'elemid', 'amount'];
  const usage = kind === 'item' ? USAGE.item : USAGE.vault;
  const args = parseArgs(rest, [REASON_OPTION]);
  const staff = cliStaff(args, ['grant', kind, ...rest]);
  const [login, landText, what, amountText] = expectPositionals(args, names, usage) as [
    string,
    string,
    string,
    string,
  ];
  const landId = parseId(landText, 'The land id');
  const amount = parseAmount(amountText, kind === 'item' ? 'The count' : 'The amount');
  let grant: LandGrant;
  let label: string;
  if (kind === 'item') {
    const code = itemCode(what);
    grant = { items: { [code]: amount } };
    label = `${amount} ${code}`;
  } else {
    const element = parseElement(what);
    grant =
      kind === 'elementals' ? { elementals: { element, amount } } : { shards: { element, amount } };
    label = `${amount} ${ELEMENT_NAMES[element]} ${kind}`;
  }
  return async ({ db, now, out }) => {
    const player = await playerByLogin(db, login);
    const land = await landOfPlayer(db, landId, player);
    await grantToLand(db, landId, grant, now, 'grant', { ...staff, ownerId: player.id });
    const where = land.name ? `land ${landId} (${land.name})` : `land ${landId}`;
    const capped = kind === 'elementals' ? ' The vault keeps no more than its cap.' : '';
    line(out, `Granted ${label} to ${where} of ${player.login}.${capped}`);
  };
}

export const grant: CliCommand = {
  name: 'grant',
  summary: 'give gold, platinum or XP to a player, or items, elementals or shards to a land',
  help: `Usage:
  ${USAGE.profile}
  ${USAGE.item}
  ${USAGE.vault}

Adds to a balance through the ledger (cause 'grant', its cause id the staff-log
row that records the grant), like any other change, so 'admin audit' stays
balanced. Amounts are whole numbers from 1 up. A land grant
is refused unless the land belongs to <login>. Operator grants do not count on
the weekly boards: those score play, not gifts.

  elemid     0-3 or a name: ${ELEMENT_NAMES.map((n, i) => `${i} ${n}`).join(', ')}
  ITEM_CODE  ${ITEMS.map((i) => i.item_code).join(', ')}
  Elementals are added up to the vault's cap.
${REASON_HELP}

Examples:
  npm run admin -- grant platinum alice 500
  npm run admin -- grant item alice 12 TOWER_STONE 3
  npm run admin -- grant elementals alice 12 Earth 200
`,
  prepare(argv) {
    const [kind, ...rest] = argv;
    if (kind === 'gold' || kind === 'platinum' || kind === 'xp') return profileGrant(kind, rest);
    if (kind === 'item' || kind === 'elementals' || kind === 'shards') return landGrant(kind, rest);
    throw new CliError(
      kind === undefined
        ? 'What to grant? gold, platinum, xp, item, elementals or shards.'
        : `Cannot grant "${kind}": choose gold, platinum, xp, item, elementals or shards.`,
    );
  },
};
