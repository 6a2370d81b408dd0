import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EMAIL_PATTERN, LOGIN_PATTERN } from '@aleph/contracts';
import { queryRows } from '../../db/client.js';
import { hashPassword } from '../../modules/auth/passwords.js';
import { createAccount, placeholderAddress } from '../../core/accounts.js';
import { grantStarter } from '../../modules/world/starter.js';
import { expectPositionals, parseArgs } from '../args.js';
import { recordStaffAction } from '../../core/staff-log.js';
import { cliStaff, REASON_OPTION } from '../staff.js';
import { CliError, line, type CommandRun } from '../command.js';

export const CREATE_USAGE =
  'users create <login> --email <email> [--address <0x...>] [--reason <text>]';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export function createUser(rest: readonly string[]): CommandRun {
  const args = parseArgs(rest, ['email', 'address', REASON_OPTION]);
  const staff = cliStaff(args, ['users', 'create', ...rest]);
  const [login] = expectPositionals(args, ['login'], CREATE_USAGE) as [string];
  if (!new RegExp(LOGIN_PATTERN).test(login)) {
    throw new CliError('The login must be 3 to 32 characters: letters, digits or underscores.');
  }
  const email = args.options.get('email');
  if (email === undefined) throw new CliError(`--email is required. Usage: ${CREATE_USAGE}`);
  if (!new RegExp(EMAIL_PATTERN).test(email))
    throw new CliError(`"${email}" is not an email address.`);
  const given = args.options.get('address');
  if (given !== undefined && !ADDRESS.test(given)) {
    throw new CliError(`"${given}" is not a 0x address of 40 hex digits.`);
  }
  const address = (given ?? placeholderAddress()).toLowerCase();
  return async ({ db, now, out }) => {
    const clash = await queryRows<{ login_lower: string; address: string }>(
      db,
      sql`select login_lower, address from users where login_lower = ${login.toLowerCase()} or address = ${address}`,
    );
    if (clash.some((r) => r.login_lower === login.toLowerCase()))
      throw new CliError(`The login "${login}" is taken.`);
    if (clash.length > 0) throw new CliError(`The address ${address} belongs to another account.`);
    const password = randomBytes(12).toString('base64url');
    const passwordHash = await hashPassword(password);
    const { userId } = await db.transaction(async (tx) => {
      const account = await createAccount(tx, { login, email, address, passwordHash, now }, [
        grantStarter,
      ]);
      await recordStaffAction(tx, {
        ...staff,
        action: 'users.create',
        targetUserId: account.userId,
        details: { login, email, address },
        at: now,
      });
      return account;
    });
    line(out, `Created ${login} (id ${userId}) with the starter grant.`);
    line(out, `Password: ${password}`);
  };
}
