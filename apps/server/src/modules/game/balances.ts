import type { Executor } from '../../db/client.js';
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
