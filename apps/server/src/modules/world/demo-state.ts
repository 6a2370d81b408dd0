import { eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { worldState } from '../../db/schema.js';

/** The one world_state row: the world's birth and, once created, the demo credentials. */
export const WORLD_ROW = 1;

export interface DemoCredentials {
  login: string;
  /**
   * Kept in clear so every start can print it. A demo-only convenience: the demo account
   * holds nothing of value, and operators of a real world never need to create it.
   */
  password: string;
}

/** Marks the world created; true when this call did it, false when it already was. */
export async function markWorldCreated(db: Executor, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into world_state (id, created_at) values (${WORLD_ROW}, ${now})
        on conflict (id) do nothing returning id`,
  );
  return rows.length > 0;
}

function parse(raw: string | null | undefined): DemoCredentials | null {
  if (!raw) return null;
  const value = JSON.parse(raw) as Partial<DemoCredentials>;
  if (typeof value.login !== 'string' || typeof value.password !== 'string') {
    throw new Error('world_state.demo is not { login, password }');
  }
  return { login: value.login, password: value.password };
}

/** The stored demo credentials; `lock` holds the row until the transaction ends. */
export async function readDemoCredentials(
  db: Executor,
  lock = false,
): Promise<DemoCredentials | null> {
  const query = db
    .select({ demo: worldState.demo })
    .from(worldState)
    .where(eq(worldState.id, WORLD_ROW));
  const [row] = lock ? await query.for('update') : await query;
  return parse(row?.demo);
}

export async function storeDemoCredentials(
  db: Executor,
  credentials: DemoCredentials,
): Promise<void> {
  await db
    .update(worldState)
    .set({ demo: JSON.stringify(credentials) })
    .where(eq(worldState.id, WORLD_ROW));
}
