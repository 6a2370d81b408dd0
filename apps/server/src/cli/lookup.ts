import { sql } from 'drizzle-orm';
import { ELEMENT_NAMES, type Element } from '@aleph/rules';
import { queryRows, type Executor } from '../db/client.js';
import { CliError } from './command.js';

export interface Player {
  id: number;
  login: string;
}

/** The player with this login, matched without regard to case as logins are unique. */
export async function playerByLogin(db: Executor, login: string): Promise<Player> {
  const [row] = await queryRows<{ id: number; login: string }>(
    db,
    sql`select id, login from users where login_lower = ${login.toLowerCase()}`,
  );
  if (!row) throw new CliError(`No player has the login "${login}".`);
  return { id: Number(row.id), login: row.login };
}

/** Refuses a land that does not exist or that another player owns. */
export async function landOfPlayer(
  db: Executor,
  landId: number,
  player: Player,
): Promise<{ name: string | null }> {
  const [row] = await queryRows<{ owner_id: number; name: string | null }>(
    db,
    sql`select owner_id, name from lands where id = ${landId}`,
  );
  if (!row) throw new CliError(`There is no land ${landId}.`);
  if (Number(row.owner_id) !== player.id) {
    throw new CliError(`Land ${landId} belongs to another player, not to ${player.login}.`);
  }
  return { name: row.name };
}

/** An element as 0-3 or by name (Air, Fire, Water, Earth; any case). */
export function parseElement(text: string): Element {
  const byName = ELEMENT_NAMES.findIndex((name) => name.toLowerCase() === text.toLowerCase());
  const index = byName !== -1 ? byName : /^[0-3]$/.test(text) ? Number(text) : -1;
  if (index === -1) {
    throw new CliError(
      `The element must be 0-3 or one of ${ELEMENT_NAMES.join(', ')}, not "${text}".`,
    );
  }
  return index as Element;
}
