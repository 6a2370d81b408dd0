import { sql } from 'drizzle-orm';
import {
  nearestFreeSlot,
  slotCandidates,
  type Continent,
  type Element,
  type HeroDraft,
  type Rng,
  type Terrain,
} from '@aleph/rules';
import { queryRows, type Executor } from '../../db/client.js';
import { heroes, landElements } from '../../db/schema.js';

export interface LandSpec {
  continent: Continent;
  terrain: Terrain;
  element: Element;
  name?: string | null;
}

/**
 * Creates a land at a free slot near the continent's centre. Candidates come from the rules;
 * the unique (continent, x, y) index settles races: a slot taken meanwhile is skipped.
 */
export async function createLand(
  tx: Executor,
  ownerId: number,
  spec: LandSpec,
  rng: Rng,
  now: Date,
): Promise<{ id: number; x: number; y: number }> {
  for (let round = 0; round < 4; round++) {
    const candidates = slotCandidates(spec.continent, rng);
    const taken = await takenAmong(tx, spec.continent, candidates);
    for (const slot of candidates) {
      if (taken.has(`${slot.x},${slot.y}`)) continue;
      const created = await insertLand(tx, ownerId, spec, slot.x, slot.y, now);
      if (created) return created;
      taken.add(`${slot.x},${slot.y}`);
    }
  }
  const all = await queryRows<{ x: number; y: number }>(
    tx,
    sql`select x, y from lands where continent = ${spec.continent}`,
  );
  const occupied = new Set(all.map((r) => `${r.x},${r.y}`));
  const slot = nearestFreeSlot(spec.continent, (x, y) => occupied.has(`${x},${y}`));
  const created = slot && (await insertLand(tx, ownerId, spec, slot.x, slot.y, now));
  if (!created) throw new Error(`no free slot on continent ${spec.continent}`);
  return created;
}

async function takenAmong(
  tx: Executor,
  continent: number,
  slots: readonly { x: number; y: number }[],
) {
  const xs = slots.map((s) => s.x);
  const ys = slots.map((s) => s.y);
  const rows = await queryRows<{ x: number; y: number }>(
    tx,
    sql`select l.x, l.y from lands l
        join unnest(${`{${xs.join(',')}}`}::int[], ${`{${ys.join(',')}}`}::int[]) as c(x, y)
          on l.x = c.x and l.y = c.y
        where l.continent = ${continent}`,
  );
  return new Set(rows.map((r) => `${r.x},${r.y}`));
}

async function insertLand(
  tx: Executor,
  ownerId: number,
  spec: LandSpec,
  x: number,
  y: number,
  now: Date,
) {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into lands (owner_id, name, continent, x, y, terrain, element, gold_leftover, gold_at, created_at)
        values (${ownerId}, ${spec.name ?? null}, ${spec.continent}, ${x}, ${y}, ${spec.terrain}, ${spec.element}, 0, ${now}, ${now})
        on conflict (continent, x, y) do nothing
        returning id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) return null;
  await tx
    .insert(landElements)
    .values([0, 1, 2, 3].map((element) => ({ landId: id, element, vaultAt: now })));
  return { id, x, y };
}

export async function createHero(
  tx: Executor,
  ownerId: number,
  draft: HeroDraft,
  residenceId: number | null,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(heroes)
    .values({
      ownerId,
      name: draft.name,
      rarity: draft.rarity,
      sex: draft.sex,
      element: draft.element,
      generation: draft.generation,
      skills: [...draft.skills],
      residenceId,
      createdAt: now,
    })
    .returning({ id: heroes.id });
  if (!row) throw new Error('hero insert returned no row');
  return row.id;
}
