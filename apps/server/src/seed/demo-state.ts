import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../db/client.js';
import { worldState } from '../db/schema.js';

/** The one world_state row: the world's birth and, once made, when the demo world was. */
export const WORLD_ROW = 1;

/** Marks the world created; true when this call did it, false when it already was. */
export async function markWorldCreated(db: Executor, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into world_state (id, created_at) values (${WORLD_ROW}, ${now})
        on conflict (id) do nothing returning id`,
  );
  return rows.length > 0;
}

/** Whether the demo world was made; `lock` holds the row until the transaction ends. */
export async function hasDemoWorld(db: Executor, lock = false): Promise<boolean> {
  const query = db
    .select({ at: worldState.demoCreatedAt })
    .from(worldState)
    .where(eq(worldState.id, WORLD_ROW));
  const [row] = lock ? await query.for('update') : await query;
  return Boolean(row?.at);
}

export async function markDemoCreated(db: Executor, now: Date): Promise<void> {
  await db.update(worldState).set({ demoCreatedAt: now }).where(eq(worldState.id, WORLD_ROW));
}

/** The demo world's veteran, if the world made one (worlds made before it existed have none). */
export async function veteranOf(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ id: worldState.veteranId })
    .from(worldState)
    .where(eq(worldState.id, WORLD_ROW));
  return row?.id ?? null;
}

export async function markVeteran(db: Executor, profileId: number): Promise<void> {
  await db.update(worldState).set({ veteranId: profileId }).where(eq(worldState.id, WORLD_ROW));
}

/** The demo world's operator account, if the world made one (older worlds have none). */
export async function operatorOf(db: Executor): Promise<number | null> {
  const [row] = await db
    .select({ id: worldState.operatorId })
    .from(worldState)
    .where(eq(worldState.id, WORLD_ROW));
  return row?.id ?? null;
}

export async function markOperator(db: Executor, profileId: number): Promise<void> {
  await db.update(worldState).set({ operatorId: profileId }).where(eq(worldState.id, WORLD_ROW));
}
