import { sql } from 'drizzle-orm';
import type { GoldSnapshot, LandState, VaultSnapshot } from '@aleph/rules';
import { queryRows, type Executor } from '../db/client.js';
import type { BoardTally } from './boards.js';
import { writeEvents, type PlayerEvents, type ProfileBalances } from './events.js';
import { jsonRows as rows } from './json-rows.js';
import { writeLedger, type LedgerEntry } from './ledger.js';

export type Quad<T> = [T, T, T, T];
/** A land whose balances the book updates as it goes, so later changes see earlier ones. */
export type BookLand = Omit<
  LandState,
  'towers' | 'seals' | 'shards' | 'vault' | 'gold' | 'residents' | 'improvements'
> & {
  towers: Quad<number>;
  seals: Quad<number>;
  improvements: Quad<number>;
  shards: Quad<number>;
  vault: Quad<VaultSnapshot>;
  gold: GoldSnapshot;
  residents: number;
};
export type ProfileDelta = { gold: number; platinum: number; xp: number; vip: number };

/** What a change book holds for the flush (change-book.ts records it). */
export interface BookContents {
  land(id: number): BookLand;
  readonly ledger: readonly LedgerEntry[];
  readonly profileDeltas: ReadonlyMap<number, ProfileDelta>;
  readonly touchedLands: ReadonlySet<number>;
  readonly touchedElements: ReadonlySet<string>;
  readonly itemDeltas: ReadonlyMap<string, { landId: number; code: string; delta: number }>;
  readonly boards: BoardTally;
  readonly events: PlayerEvents;
}

/**
 * Writes a change book in a fixed number of set-based statements, whatever it holds: the
 * balances and their ledger entries, board scores, then the push events (with
 * `profile.changed` and `land.changed` for what it wrote) stamped `at`.
 */
export async function flushBook(
  tx: Executor,
  book: BookContents,
  bumpVersionsOf: readonly number[],
  at: Date | null,
): Promise<void> {
  await writeProfiles(tx, book, bumpVersionsOf);
  const changedLands = new Set([
    ...book.touchedLands,
    ...[...book.touchedElements].map((key) => Number(key.split(':')[0])),
    ...[...book.itemDeltas.values()].map((i) => i.landId),
  ]);
  for (const id of changedLands) book.events.landChanged(book.land(id).ownerId, [id]);
  const golds = [...book.touchedLands].map((id) => {
    const land = book.land(id);
    return { id, leftover: land.gold.leftover, at: new Date(land.gold.at).toISOString() };
  });
  if (golds.length > 0) {
    await tx.execute(sql`update lands l set gold_leftover = v.leftover, gold_at = v.at
      from jsonb_to_recordset(${rows(golds)}) as v(id int, leftover numeric, at timestamptz) where l.id = v.id`);
  }
  const elements = [...book.touchedElements].map((key) => {
    const [landId, el] = key.split(':').map(Number) as [number, 0 | 1 | 2 | 3];
    const land = book.land(landId);
    return {
      land_id: landId,
      element: el,
      tower: land.towers[el],
      seals: land.seals[el],
      steps: land.improvements[el],
      shards: land.shards[el],
      volume: land.vault[el].volume,
      at: new Date(land.vault[el].at).toISOString(),
    };
  });
  if (elements.length > 0) {
    // Absolute values are safe: every writer of a land's elements holds the land's row lock and
    // read them after it was granted (land-query.ts locks first, then reads).
    await tx.execute(sql`update land_elements e set tower_level = v.tower, seals = v.seals, seal_steps = v.steps, shards = v.shards,
        vault_volume = v.volume, vault_at = v.at
      from jsonb_to_recordset(${rows(elements)})
        as v(land_id int, element smallint, tower smallint, seals smallint, steps smallint, shards int, volume numeric, at timestamptz)
      where e.land_id = v.land_id and e.element = v.element`);
  }
  await writeItems(tx, book);
  await writeLedger(tx, book.ledger);
  await book.boards.write(tx);
  if (book.events.empty) return;
  // Events carry the game clock's time: a book with events but no change booked must say when.
  if (!at) throw new Error('push events to write, but no time: pass flush({ at })');
  await writeEvents(tx, book.events, at);
}

async function writeProfiles(tx: Executor, book: BookContents, bumpVersionsOf: readonly number[]) {
  const bump = new Set(bumpVersionsOf);
  const ids = new Set([...book.profileDeltas.keys(), ...bump]);
  const list = [...ids].map((id) => {
    const d = book.profileDeltas.get(id);
    return {
      id,
      gold: d?.gold ?? 0,
      platinum: d?.platinum ?? 0,
      xp: d?.xp ?? 0,
      vip: d?.vip ?? 0,
      bump: bump.has(id) ? 1 : 0,
    };
  });
  if (list.length === 0) return;
  // The new balances of the profiles whose balances changed, for their `profile.changed`.
  const changed = await queryRows<{ id: number } & Record<keyof ProfileBalances, number | string>>(
    tx,
    sql`update profiles p
    set gold = p.gold + v.gold, platinum = p.platinum + v.platinum, xp = p.xp + v.xp,
      vip_points = p.vip_points + v.vip, state_version = p.state_version + v.bump
    from jsonb_to_recordset(${rows(list)})
      as v(id int, gold bigint, platinum bigint, xp bigint, vip bigint, bump int)
    where p.id = v.id
    returning case when (v.gold, v.platinum, v.xp) <> (0, 0, 0) then p.id end as id,
      p.gold, p.platinum, p.xp, p.level`,
  );
  for (const r of changed) {
    if (r.id === null) continue;
    book.events.profileChanged(r.id, {
      gold: Number(r.gold),
      platinum: Number(r.platinum),
      xp: Number(r.xp),
      level: Number(r.level),
    });
  }
}

/**
 * Net item changes: additions upsert, withdrawals update (an insert's row is checked before
 * ON CONFLICT, so a negative one would be refused even where the balance suffices). A
 * withdrawal from an item the land does not hold is a bug of the caller's check.
 */
async function writeItems(tx: Executor, book: BookContents) {
  const all = [...book.itemDeltas.values()];
  const added = all.filter((i) => i.delta > 0);
  const taken = all.filter((i) => i.delta < 0);
  if (added.length > 0) {
    await tx.execute(sql`insert into land_items (land_id, item_code, balance)
      select "landId", code, delta from jsonb_to_recordset(${rows(added)}) as v("landId" int, code text, delta bigint)
      on conflict (land_id, item_code) do update set balance = land_items.balance + excluded.balance`);
  }
  if (taken.length > 0) {
    const done = await queryRows(
      tx,
      sql`update land_items i set balance = i.balance + v.delta
        from jsonb_to_recordset(${rows(taken)}) as v("landId" int, code text, delta bigint)
        where i.land_id = v."landId" and i.item_code = v.code returning i.land_id`,
    );
    if (done.length !== taken.length) throw new Error('an item to take is not in the land');
  }
}
