import { randomBytes } from 'node:crypto';
import type { Tx } from '../db/client.js';
import { profiles, users } from '../db/schema.js';

export interface NewAccount {
  userId: number;
  login: string;
  now: Date;
}

/**
 * Work done inside the transaction that creates an account, such as the starter grant.
 * Game modules add theirs (the start-up passes them to buildApp); a failure rolls the whole
 * registration back.
 */
export type AccountCreatedHook = (tx: Tx, account: NewAccount) => Promise<void>;

export interface AccountInput {
  login: string;
  email: string;
  /** 0x address; stored lower-case so one wallet cannot register twice by changing case. */
  address: string;
  passwordHash: string;
  now: Date;
}

/**
 * Creates the user, its profile and whatever the hooks add (the starter grant), in the
 * caller's transaction. Registration, the demo world and the operator CLI share it, so an
 * account is the same thing however it came to be. Validation and the friendly refusals of
 * a taken login or address are the caller's: here the unique indexes are the last word.
 */
export async function createAccount(
  tx: Tx,
  input: AccountInput,
  hooks: readonly AccountCreatedHook[],
): Promise<{ userId: number }> {
  const [user] = await tx
    .insert(users)
    .values({
      login: input.login,
      loginLower: input.login.toLowerCase(),
      email: input.email,
      address: input.address.toLowerCase(),
      passwordHash: input.passwordHash,
      createdAt: input.now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned no row');
  await tx.insert(profiles).values({ id: user.id, nickname: input.login, createdAt: input.now });
  for (const hook of hooks) await hook(tx, { userId: user.id, login: input.login, now: input.now });
  return { userId: user.id };
}

/**
 * An address for an account made without a wallet (demo players, operator-made accounts):
 * random, so unique like a real one, and no one holds its key.
 */
export const placeholderAddress = () => `0x${randomBytes(20).toString('hex')}`;
