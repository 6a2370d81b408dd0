import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { createAccount, placeholderAddress } from '../core/accounts.js';

export const OPERATOR_LOGIN = 'operator';

/**
 * The demo world's `operator`: an admin to try the operators' console with (/admin). No lands
 * or heroes (it does not play), so it stays off the boards.
 */
export async function createOperator(
  tx: Tx,
  input: { now: Date; passwordHash: string },
): Promise<number> {
  const { userId } = await createAccount(
    tx,
    {
      login: OPERATOR_LOGIN,
      email: 'operator@lands-of-aleph.example',
      address: placeholderAddress(),
      passwordHash: input.passwordHash,
      now: input.now,
    },
    [],
  );
  await tx.execute(sql`update users set role = 'admin' where id = ${userId}`);
  return userId;
}
