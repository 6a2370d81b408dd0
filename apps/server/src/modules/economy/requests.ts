import { and, eq, sql } from 'drizzle-orm';
import { EconomyErrorCode } from '@aleph/contracts';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { economyRequests } from '../../db/schema.js';
import { withRetry } from '../../db/retry.js';
import { conflict, notFound } from '../../lib/errors.js';
import { lockWallet } from '../../core/balances.js';
import { assertLandNotListed } from '../../core/escrow.js';
import { lockOwnLand } from '../../core/state.js';

export type RequestShape = Readonly<Record<string, string | number | null>>;

/**
 * Runs a purchase, sale or toss once per (player, Idempotency-Key): the profile row is locked
 * first, so a retry waits for its twin and then finds the stored answer. A key reused for a
 * different request is refused. Refusals are not stored: they changed nothing.
 */
export function onceByKey<T>(
  db: Db,
  profileId: number,
  key: string,
  action: string,
  request: RequestShape,
  now: Date,
  run: (
    tx: Executor,
    wallet: { gold: number; platinum: number },
    /** Stores the answer now (before a last lock), instead of after `run`. */
    save: (response: T) => Promise<void>,
  ) => Promise<T>,
): Promise<T> {
  return withRetry(() =>
    db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, profileId);
      const [earlier] = await tx
        .select()
        .from(economyRequests)
        .where(
          and(eq(economyRequests.profileId, profileId), eq(economyRequests.idempotencyKey, key)),
        );
      if (earlier) {
        if (earlier.action !== action || !sameRequest(earlier.request, request)) throw keyReused();
        return earlier.response as T;
      }
      let saved = false;
      const save = async (response: T) => {
        saved = true;
        await tx.insert(economyRequests).values({
          profileId,
          idempotencyKey: key,
          action,
          request,
          response: response as object,
          createdAt: now,
        });
      };
      const response = await run(tx, wallet, save);
      if (!saved) await save(response);
      return response;
    }),
  );
}

/** Whether a stored request is the one now made (a retry must repeat it). */
export function sameRequest(stored: unknown, request: RequestShape): boolean {
  const s = (stored ?? {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(s), ...Object.keys(request)]);
  return [...keys].every((k) => (s[k] ?? null) === (request[k] ?? null));
}

export const keyReused = () =>
  conflict(
    EconomyErrorCode.keyReused,
    'This Idempotency-Key was already used for a different request. Use a new key.',
    'Idempotency-Key',
  );

/**
 * A land of the player, its row locked for the rest of the transaction; 404 for anyone else's,
 * at once: only the player's own row is locked, so another transaction holding that land's
 * row does not keep the request waiting.
 */
export async function ownLand(tx: Executor, profileId: number, landId: number) {
  const land = await lockOwnLand(tx, landId, profileId);
  if (!land) throw notFound('Land not found.');
  // A listed land is sold with its inventory: frozen until the listing closes (core/escrow.ts).
  await assertLandNotListed(tx, landId);
  return land;
}

/** How many of an item a (locked) land holds. */
export async function itemBalance(tx: Executor, landId: number, code: string): Promise<number> {
  const [row] = await queryRows<{ balance: string }>(
    tx,
    sql`select balance from land_items where land_id = ${landId} and item_code = ${code}`,
  );
  return Number(row?.balance ?? 0);
}
