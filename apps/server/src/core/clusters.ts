import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';

/**
 * Multi-account signals (docs/operations.md, "Moderation"): two accounts are linked when they
 * signed in from one client address (its keyed hash) or one browser (the device cookie) within
 * the last SIGNALS_WINDOW_DAYS. The console's signals and the Bazaar's sale flag share this.
 */
export const SIGNALS_WINDOW_DAYS = 30;

/** The start of the signals window at `now`. */
export const signalsSince = (now: Date) =>
  new Date(now.getTime() - SIGNALS_WINDOW_DAYS * 86_400_000);

/**
 * Whether accounts `a` and `b` (user ids = profile ids) share an address hash or a device id
 * within the window: a Bazaar sale between them is flagged for staff. Served by the sign-in
 * indexes on (user_id, at), (address_hash, at) and (device_id, at).
 */
export async function sharesCluster(
  tx: Executor,
  a: number,
  b: number,
  now: Date,
): Promise<boolean> {
  if (a === b) return false;
  const from = signalsSince(now);
  const rows = await queryRows<{ linked: boolean }>(
    tx,
    sql`select exists (
        select 1 from sign_ins x join sign_ins y
          on y.address_hash = x.address_hash
            or (x.device_id is not null and y.device_id = x.device_id)
        where x.user_id = ${a} and x.at > ${from}
          and y.user_id = ${b} and y.at > ${from}
      ) as linked`,
  );
  return rows[0]?.linked === true;
}
