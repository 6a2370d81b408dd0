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
import { queryRows, type Executor } from '../db/client.js';
import { heroes, landElements } from '../db/schema.js';
import { jsonRows } from './json-rows.js';

export interface LandSpec {
  continent: Continent;
  terrain: Terrain;
  element: Element;
  name?: string | null;
  /** When its gold production starts; absent: now. */
  producingSince?: Date;
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
        values (${ownerId}, ${spec.name ?? null}, ${spec.continent}, ${x}, ${y}, ${spec.terrain}, ${spec.element}, 0, ${spec.producingSince ?? now}, ${now})
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

/**
 * Several lands for one owner in a fixed number of statements (the demo world's veteran): the
 * rules' candidate slots of each continent are checked in one query, the free ones taken in
 * order, and all lands and their elements inserted at once. A slot taken meanwhile (a player
 * registering on PostgreSQL) is skipped by the unique index, and that land made on its own.
 * Answers the lands in the order of `specs`.
 */
export async function createLands(
  tx: Executor,
  ownerId: number,
  specs: readonly LandSpec[],
  rng: Rng,
  now: Date,
): Promise<Array<{ id: number; x: number; y: number }>> {
  const slots: Array<{ x: number; y: number }> = [];
  for (const continent of new Set(specs.map((s) => s.continent))) {
    const wanted = specs.filter((s) => s.continent === continent).length;
    const candidates = slotCandidates(continent, rng);
    const taken = await takenAmong(tx, continent, candidates);
    const free: Array<{ x: number; y: number }> = [];
    for (const slot of candidates) {
      const key = `${slot.x},${slot.y}`;
      if (free.length === wanted) break;
      if (taken.has(key)) continue;
      taken.add(key);
      free.push(slot);
    }
    specs.forEach((s, i) => {
      if (s.continent === continent) slots[i] = free.shift() ?? { x: -1, y: -1 };
    });
  }
  const rows = specs
    .map((s, i) => ({ ...s, name: s.name ?? null, x: slots[i]!.x, y: slots[i]!.y }))
    .filter((r) => r.x >= 0);
  const inserted = await queryRows<{ id: number; continent: number; x: number; y: number }>(
    tx,
    sql`insert into lands (owner_id, name, continent, x, y, terrain, element, gold_leftover, gold_at, created_at)
        select ${ownerId}, name, continent, x, y, terrain, element, 0, ${now}, ${now}
        from jsonb_to_recordset(${jsonRows(rows)})
          as v(name text, continent smallint, x smallint, y smallint, terrain smallint, element smallint)
        on conflict (continent, x, y) do nothing
        returning id, continent, x, y`,
  );
  if (inserted.length > 0) {
    await tx.execute(sql`insert into land_elements (land_id, element, vault_at)
      select l.id, e.element, ${now}
      from jsonb_to_recordset(${jsonRows(inserted.map((r) => ({ id: r.id })))}) as l(id int)
      cross join generate_series(0, 3) as e(element)`);
  }
  const at = new Map(inserted.map((r) => [`${r.continent}:${r.x},${r.y}`, r]));
  const out: Array<{ id: number; x: number; y: number }> = [];
  for (const [i, spec] of specs.entries()) {
    const made = at.get(`${spec.continent}:${slots[i]!.x},${slots[i]!.y}`);
    out.push(
      made ? { id: made.id, x: made.x, y: made.y } : await createLand(tx, ownerId, spec, rng, now),
    );
  }
  return out;
}

/** Several heroes for one owner in one statement; answers their ids in the order given. */
export async function createHeroes(
  tx: Executor,
  ownerId: number,
  list: ReadonlyArray<{ draft: HeroDraft; residenceId: number | null }>,
  now: Date,
): Promise<number[]> {
  const rows = list.map(({ draft, residenceId }, i) => ({
    i,
    name: draft.name,
    rarity: draft.rarity,
    sex: draft.sex,
    element: draft.element,
    generation: draft.generation,
    skills: [...draft.skills],
    residence: residenceId,
  }));
  const ids = await queryRows<{ id: number }>(
    tx,
    sql`insert into heroes (owner_id, name, rarity, sex, element, generation, skills, residence_id, created_at)
        select ${ownerId}, name, rarity, sex, element, generation,
               array(select jsonb_array_elements_text(skills)::smallint), residence, ${now}
        from jsonb_to_recordset(${jsonRows(rows)})
          as v(i int, name text, rarity smallint, sex smallint, element smallint,
               generation smallint, skills jsonb, residence int)
        order by i
        returning id`,
  );
  if (ids.length !== list.length) throw new Error('hero insert returned too few rows');
  // Identity values follow the insert's order, which follows `i`.
  return ids.map((r) => r.id).sort((a, b) => a - b);
}
