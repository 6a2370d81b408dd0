import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/db/client.js';

export interface BenchPlayer {
  /** The player's user and profile id. */
  id: number;
  login: string;
  landid: number;
  /** A resident hero (a check of a busy one is answered too: ok false, HERO_BUSY). */
  heroid: number;
}

export async function benchPlayers(db: Db, count: number): Promise<BenchPlayer[]> {
  // The seed's own heroes ('Bench ...'): the push part adds more to the same lands.
  return queryRows<BenchPlayer>(
    db,
    sql`select u.id, u.login, l.id as landid,
               (select h.id from heroes h where h.residence_id = l.id and h.name like 'Bench %'
                order by h.id desc limit 1) as heroid
        from users u join lands l on l.owner_id = u.id
        where u.login like 'bench\\_%' order by u.id limit ${count}`,
  );
}
