import type { Tx } from '../../db/client.js';

export interface NewAccount {
  userId: number;
  login: string;
  now: Date;
}

/**
 * Work done inside the transaction that creates an account, such as the starter grant.
 * Game modules add theirs; a failure rolls the whole registration back.
 */
export type AccountCreatedHook = (tx: Tx, account: NewAccount) => Promise<void>;
