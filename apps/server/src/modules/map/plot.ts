import { sql } from 'drizzle-orm';
import { ErrorCode, type MapPlot, type PlotParams } from '@aleph/contracts';
import { queryRows, type Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';

/**
 * The land on one plot and its owner's public name; the land's id only for its owner, since
 * ids of other players' lands open nothing for the caller (docs/api.md, "World map").
 */
export async function plotAt(db: Executor, callerId: number, at: PlotParams): Promise<MapPlot> {
  const [row] = await queryRows<{
    id: number;
    terrain: number;
    element: number;
    owner_id: number;
    nickname: string;
  }>(
    db,
    sql`select l.id, l.terrain, l.element, l.owner_id, p.nickname
        from lands l join profiles p on p.id = l.owner_id
        where l.continent = ${at.continent} and l.x = ${at.x} and l.y = ${at.y}`,
  );
  if (!row) throw notFound('Nobody owns this plot.', ErrorCode.landNotFound);
  const mine = row.owner_id === callerId;
  return {
    continent: at.continent,
    x: at.x,
    y: at.y,
    terrain: row.terrain,
    element: row.element,
    owner: { profileid: row.owner_id, nickname: row.nickname },
    mine,
    landid: mine ? row.id : null,
  };
}
