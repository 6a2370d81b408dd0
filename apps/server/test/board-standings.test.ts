import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { isoWeekStart } from '@aleph/rules';
import { queryRows } from '../src/db/client.js';
import { addBoardScore } from '../src/core/boards.js';
import { Snapshot, Standings } from '../src/modules/boards/standings.js';
import { createTestContext, registerPlayer, type TestContext } from './helpers.js';

interface Row {
  id: number;
  score: number;
  at: number;
}

/** Board order the slow, obvious way: more points, then earlier, then lower id. */
const byRank = (a: Row, b: Row) => b.score - a.score || a.at - b.at || a.id - b.id;

function snapshotOf(rows: readonly Row[]): Snapshot {
  const sorted = [...rows].sort(byRank);
  return new Snapshot(
    0,
    {
      ids: Int32Array.from(sorted, (r) => r.id),
      scores: Float64Array.from(sorted, (r) => r.score),
      ats: Float64Array.from(sorted, (r) => r.at),
    },
    [],
  );
}

const rowsOf = (snap: Snapshot): Row[] =>
  Array.from(snap.columns.ids, (id, i) => ({
    id,
    score: snap.columns.scores[i]!,
    at: snap.columns.ats[i]!,
  }));

/** Rows with distinct ids; few scores and times, so ties are common. */
const boardRows = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 300 }),
    score: fc.integer({ min: 1, max: 20 }),
    at: fc.integer({ min: 0, max: 5 }),
  }),
  { selector: (r) => r.id, maxLength: 120 },
);

describe('a board snapshot', () => {
  it('puts changed and new rows where a full sort would', () => {
    fc.assert(
      fc.property(boardRows, boardRows, (before, changed) => {
        const merged = new Snapshot(0, snapshotOf(before).merged(changed), []);
        const latest = new Map(before.map((r) => [r.id, r]));
        for (const r of changed) latest.set(r.id, r);
        expect(rowsOf(merged)).toEqual([...latest.values()].sort(byRank));
      }),
    );
  });

  it('finds each row by its current values, and no row by values it no longer has', () => {
    fc.assert(
      fc.property(boardRows, (rows) => {
        const snap = snapshotOf(rows);
        const order = [...rows].sort(byRank);
        order.forEach((r, i) => {
          expect(snap.positionOf(r.id, r.score, r.at)).toBe(i);
          expect(snap.positionOf(r.id, r.score + 1, r.at)).toBe(-1);
          expect(snap.positionOf(r.id, r.score, r.at + 1)).toBe(-1);
        });
        expect(snap.positionOf(301, 1, 0)).toBe(-1);
      }),
    );
  });
});

describe('standings kept up to date from changed rows', () => {
  let ctx: TestContext;
  const board = 'TOP_XP_GAINERS' as const;
  let week: Date;
  const players: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    week = new Date(isoWeekStart(ctx.clock.now().getTime()));
    for (let i = 0; i < 6; i++) {
      const reg = await registerPlayer(ctx);
      const [row] = await queryRows<{ id: number }>(
        ctx.database.db,
        sql`select id from users where login = ${reg.login}`,
      );
      players.push(row!.id);
    }
  });
  afterAll(() => ctx.close());

  const at = (s: number) => new Date(week.getTime() + s * 1000);
  /** What a fresh full read sees. */
  const truth = async () =>
    (await new Standings(0).get(ctx.database.db, board, week)).top.map((s) => [
      s.profileId,
      s.score,
    ]);
  const shown = async (standings: Standings) =>
    (await standings.get(ctx.database.db, board, week)).top.map((s) => [s.profileId, s.score]);

  it('sees new rows, grown scores and changed names after a first full read', async () => {
    const db = ctx.database.db;
    const [a, b, c, d] = players as [number, number, number, number];
    await addBoardScore(db, board, a, 50, at(1));
    await addBoardScore(db, board, b, 40, at(2));
    const standings = new Standings(0);
    expect(await shown(standings)).toEqual([
      [a, 50],
      [b, 40],
    ]);

    await addBoardScore(db, board, b, 30, at(3)); // b overtakes a
    await addBoardScore(db, board, c, 60, at(4)); // a new row on top
    await addBoardScore(db, board, d, 50, at(0)); // ties a, reached it earlier
    expect(await shown(standings)).toEqual(await truth());
    expect(await shown(standings)).toEqual([
      [b, 70],
      [c, 60],
      [d, 50],
      [a, 50],
    ]);

    await db.execute(sql`update profiles set nickname = 'Renamed Hero' where id = ${c}`);
    const top = (await standings.get(db, board, week)).top;
    expect(top.find((s) => s.profileId === c)?.nickname).toBe('Renamed Hero');
  });

  it('builds a cold board once for every reader, and keeps both boards of a week', async () => {
    // The dashboard's TOP tab shows both boards (docs/screens.md): its readers alternate.
    const db = ctx.database.db;
    await addBoardScore(db, 'TOP_GOLD_CLAIMERS', players[0]!, 5, at(1));
    const reads: string[] = [];
    const standings = new Standings(60_000, {
      onRead: (name, kind) => reads.push(`${name} ${kind}`),
    });
    const boards = ['TOP_XP_GAINERS', 'TOP_GOLD_CLAIMERS'] as const;
    const read = () =>
      Promise.all(Array.from({ length: 64 }, (_, i) => standings.get(db, boards[i % 2]!, week)));
    const first = await read();
    expect(reads.sort()).toEqual(['TOP_GOLD_CLAIMERS full', 'TOP_XP_GAINERS full']);
    // Every reader of a board got the one snapshot built for it.
    expect(new Set(first.filter((_, i) => i % 2 === 0)).size).toBe(1);
    expect(new Set(first.filter((_, i) => i % 2 === 1)).size).toBe(1);
    expect(first[1]!.top.map((s) => s.profileId)).toEqual([players[0]]);
    // Within the TTL, reading either board again reads neither again.
    await read();
    expect(reads).toHaveLength(2);
    // A new week is read afresh, in place of the board's last one.
    const next = new Date(week.getTime() + 7 * 86_400_000);
    expect((await standings.get(db, 'TOP_XP_GAINERS', next)).top).toEqual([]);
    expect(reads).toHaveLength(3);
  });

  it('drops a deleted row at the next full read', async () => {
    const db = ctx.database.db;
    const standings = new Standings(0, { fullReadMs: 0 });
    const before = await shown(standings);
    const [gone] = before[0] as [number, number];
    await db.execute(
      sql`delete from board_scores where board = ${board} and week_start = ${week} and profile_id = ${gone}`,
    );
    const after = await shown(standings);
    expect(after.map(([id]) => id)).not.toContain(gone);
    expect(after).toEqual(await truth());
  });

  it('does not miss a write that commits after a read that began while it was open', async ({
    skip,
  }) => {
    // Two connections at once: PostgreSQL only (PGlite serves one connection).
    if (ctx.database.kind !== 'postgres') return skip();
    const db = ctx.database.db;
    const late = players[4]!;
    const standings = new Standings(0);
    await shown(standings);
    let written!: () => void;
    let release!: () => void;
    const wrote = new Promise<void>((r) => (written = r));
    const gate = new Promise<void>((r) => (release = r));
    const open = db.transaction(async (tx) => {
      await addBoardScore(tx, board, late, 999, at(5));
      written();
      await gate;
    });
    await wrote;
    // The refresh runs while the write is open: it cannot see it yet.
    expect((await shown(standings)).map(([id]) => id)).not.toContain(late);
    // Other writes commit meanwhile, so the reads move on past them.
    await addBoardScore(db, board, players[5]!, 1, at(6));
    expect(await shown(standings)).toEqual(await truth());
    release();
    await open;
    expect((await shown(standings))[0]).toEqual([late, 999]);
    expect(await shown(standings)).toEqual(await truth());
  });
});
