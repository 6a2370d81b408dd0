import { sql } from 'drizzle-orm';
import { isoWeekStart, PROFILE_LEVELS, type Rng } from '@aleph/rules';
import { queryRows, type Tx } from '../db/client.js';
import { ChangeBook } from '../core/change-book.js';
import { createAccount, placeholderAddress } from '../core/accounts.js';
import { grantStarter } from '../modules/world/starter.js';

/** Who else lives in the demo world: names the boards show next to the demo player. */
const NAMES = [
  'Aelwyn Brannoc Caelith Dravenna Eldric Faelan Gwynora Halvard Isolde Jorund Kaelis',
  'Lirael Maelis Norwen Orrin_Ashfall Perrin Quenby Rowenna Sigrun Thalion Ulfric Vaelora',
  'Wystan Xandra Yseult Zephyra Alaric_the_Bold Brisenne Corwin Delwyn Elowen Fenwick',
  'Galen_Stormborn Hestia Ivor Jessamy Kestrel_77 Lysander Morwen_of_Beth Nerys Oswin',
  'Pellam Rhosyn Seraphine Tamsin Ulrich Vesper Wren_Emberheart Ysolde Zoran GreyWarden',
  'Merryn Talwyn Odessa',
]
  .join(' ')
  .split(' ');

export const DEMO_PLAYER_COUNT = 50;
const DAY = 86_400_000;

/** Logins not taken yet; a real player holding a name pushes the demo one to a suffix. */
async function freeLogins(tx: Tx, count: number): Promise<string[]> {
  const taken = await queryRows<{ login_lower: string }>(tx, sql`select login_lower from users`);
  const used = new Set(taken.map((r) => r.login_lower));
  const out: string[] = [];
  for (let round = 0; out.length < count; round++) {
    for (const name of NAMES) {
      const login = round === 0 ? name : `${name}_${round + 1}`;
      if (out.length === count || used.has(login.toLowerCase())) continue;
      used.add(login.toLowerCase());
      out.push(login);
    }
  }
  return out;
}

/** The highest level whose XP requirement is met: these players upgraded as they went. */
const levelFor = (xp: number) => PROFILE_LEVELS.filter((row) => xp >= row.xp).length;

/**
 * XP this week for the player at `place` (0 = best) of `count`: a long tail from about
 * 60,000 down to 800, with its middle near 21,000 so the demo player ranks mid-table.
 */
function weeklyXp(place: number, count: number, rng: Rng): number {
  const f = (place + 0.5) / count;
  return Math.round((800 + 59_200 * (1 - f) ** 1.55) * (0.92 + 0.16 * rng.next()));
}

export interface DemoPlayersInput {
  now: Date;
  rng: Rng;
  /** One hash for all: nobody logs into these accounts, and argon2 is slow on purpose. */
  passwordHash: string;
}

/**
 * About fifty players with the starter grant, some history, and scores on both boards this
 * ISO week. Balances and the same points on the boards are booked in one change book and
 * flushed together, so the books and the boards agree.
 */
export async function createDemoPlayers(tx: Tx, input: DemoPlayersInput): Promise<number[]> {
  const { now, rng } = input;
  const weekStart = isoWeekStart(now.getTime());
  const logins = await freeLogins(tx, DEMO_PLAYER_COUNT);
  const ids: number[] = [];
  const book = new ChangeBook();
  for (const [place, login] of logins.entries()) {
    const joined = new Date(
      now.getTime() - (3 + rng.int(0, 27)) * DAY - rng.int(0, 23) * 3_600_000,
    );
    const { userId } = await createAccount(
      tx,
      {
        login,
        email: `${login.toLowerCase()}@players.example`,
        address: placeholderAddress(),
        passwordHash: input.passwordHash,
        now: joined,
      },
      [grantStarter],
    );
    ids.push(userId);
    const earlier = { cause: 'demo', at: new Date(joined.getTime() + 3_600_000) };
    const priorXp = rng.int(0, 40_000);
    book.profile(userId, { xp: priorXp, gold: rng.int(0, 3_000) }, earlier);

    const from = Math.max(weekStart, joined.getTime());
    const at = new Date(from + Math.floor(rng.next() * (now.getTime() - from)));
    const xp = weeklyXp(place, logins.length, rng);
    const claimed = rng.next() < 0.8 ? rng.int(150, 6_000) : 0;
    book.profile(userId, { xp, gold: claimed }, { cause: 'demo', at });
    book.score({ board: 'TOP_XP_GAINERS', profileId: userId, points: xp, at });
    book.score({ board: 'TOP_GOLD_CLAIMERS', profileId: userId, points: claimed, at });
    await tx.execute(
      sql`update profiles set level = ${levelFor(priorXp + xp)} where id = ${userId}`,
    );
  }
  await book.flush(tx);
  return ids;
}
