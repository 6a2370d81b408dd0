import { sql } from 'drizzle-orm';
import type { BazaarAnswer } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { listingDetails } from './view.js';

/** Every Bazaar write's answer: the listing as this transaction left it and the caller's treasury. */
export async function listingAnswer(
  tx: Executor,
  id: number,
  profileId: number,
  now: Date,
): Promise<BazaarAnswer> {
  const [wallet] = await queryRows<{ gold: string; platinum: string }>(
    tx,
    sql`select gold, platinum from profiles where id = ${profileId}`,
  );
  return {
    listing: await listingDetails(tx, id, profileId, now),
    gold: Number(wallet?.gold ?? 0),
    platinum: Number(wallet?.platinum ?? 0),
  };
}
