import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createRng } from '@aleph/rules';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { announce } from '../messages/announce.js';
import { syncItemCatalogue } from './catalogue.js';
import { createDemoAccount, DEMO_LOGIN } from './demo-account.js';
import { announcementTime, DEMO_ANNOUNCEMENTS } from './demo-messages.js';
import { createDemoPlayers } from './demo-players.js';
import { hasDemoWorld, markDemoCreated, markWorldCreated } from './demo-state.js';

/**
 * Only the call that creates the demo world knows its password: the database keeps its hash
 * alone, so a lost one is replaced (`npm run admin -- demo`), never read back.
 */
export type DemoWorld =
  { login: string; created: true; password: string } | { login: string; created: false };

/** A fresh random demo password: 12 characters, 72 bits. */
const newDemoPassword = () => randomBytes(9).toString('base64url');

/** The start banner's demo line: the password only on the start that made it. */
export function demoBanner(world: DemoWorld): string {
  return world.created
    ? `Demo account: ${world.login} / ${world.password}`
    : `Demo account: ${world.login} (password not shown; \`npm run admin -- demo\` sets and prints a new one)`;
}

/** Gives the demo account a new random password and returns it; the old one stops working. */
export async function resetDemoPassword(db: Db): Promise<string> {
  const password = newDemoPassword();
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    // Never a player's account that happens to be called "demo": only the demo world's.
    if (!(await hasDemoWorld(tx, true))) throw new Error('There is no demo world.');
    await tx.update(users).set({ passwordHash }).where(eq(users.loginLower, DEMO_LOGIN));
  });
  return password;
}

/** Names, rarities and slots are the same in every demo world; only the password differs. */
const DEMO_SEED = 'lands-of-aleph-demo';

/**
 * Creates the demo world once: a demo account to play with and about fifty players on this
 * week's boards. All of it is one transaction holding the world_state row, so it exists
 * entirely or not at all, and a second caller (another process included) waits and then
 * finds it made. Later calls only report that it exists.
 */
export async function ensureDemoWorld(
  db: Db,
  now: Date,
  log: (line: string) => void = () => undefined,
): Promise<DemoWorld> {
  const existing: DemoWorld = { login: DEMO_LOGIN, created: false };
  if (await hasDemoWorld(db)) return existing;

  const started = Date.now();
  log('Creating the demo world (first start only)...');
  await syncItemCatalogue(db);
  // The demo player's password is random per world; the others share one nobody knows.
  const password = newDemoPassword();
  const [demoHash, playersHash] = await Promise.all([
    hashPassword(password),
    hashPassword(randomBytes(24).toString('hex')),
  ]);
  const world = await db.transaction(async (tx): Promise<DemoWorld> => {
    await markWorldCreated(tx, now);
    if (await hasDemoWorld(tx, true)) return existing;
    const taken = await tx.query.users.findFirst({
      columns: { id: true },
      where: (u, { eq }) => eq(u.loginLower, DEMO_LOGIN),
    });
    if (taken) {
      throw conflict(
        'DEMO_LOGIN_TAKEN',
        `A player already uses the login "${DEMO_LOGIN}", so the demo world cannot be created.`,
      );
    }
    const rng = createRng(DEMO_SEED);
    const players = await createDemoPlayers(tx, { now, rng, passwordHash: playersHash });
    const demoId = await createDemoAccount(tx, { now, rng, passwordHash: demoHash });
    for (const a of DEMO_ANNOUNCEMENTS) {
      await announce(tx, a, announcementTime(now, a.hoursAgo), {
        onlyProfiles: [...players, demoId],
      });
    }
    await markDemoCreated(tx, now);
    return { login: DEMO_LOGIN, created: true, password };
  });
  if (world.created) log(`Demo world created in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return world;
}
