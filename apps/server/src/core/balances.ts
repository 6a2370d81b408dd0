import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { profiles } from '../db/schema.js';
import { notFound } from '../lib/errors.js';
import { ChangeBook, type Cause, type ProfileChange } from './change-book.js';

export type { Cause, ProfileChange } from './change-book.js';

/**
 * One profile's balance change, booked and flushed on its own: for callers that change
 * nothing else in their transaction (a purchase, a mint). Anything more books into a
 * `ChangeBook` and flushes once.
 */
export async function changeProfile(
  tx: Executor,
  profileId: number,
  change: ProfileChange,
  why: Cause,
): Promise<void> {
  const book = new ChangeBook();
  book.profile(profileId, change, why);
  await book.flush(tx);
}

/**
 * Locks the profile row for the rest of the transaction and answers its platinum. Every
 * purchase, economy request and operator grant takes this lock first, so one player's run one
 * after another.
 */
export async function lockProfile(tx: Executor, profileId: number): Promise<number> {
  return (await lockWallet(tx, profileId)).platinum;
}

/** lockProfile, answering the treasury gold as well. */
export async function lockWallet(
  tx: Executor,
  profileId: number,
): Promise<{ platinum: number; gold: number }> {
  const [row] = await tx
    .select({ platinum: profiles.platinum, gold: profiles.gold })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .for('update');
  if (!row) throw notFound('Profile not found.');
  return row;
}
