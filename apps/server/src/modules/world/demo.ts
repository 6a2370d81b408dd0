import { randomBytes } from 'node:crypto';
import { createRng } from '@aleph/rules';
import type { Db } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { announce } from '../messages/announce.js';
import { syncItemCatalogue } from './catalogue.js';
import { createDemoAccount, DEMO_LOGIN } from './demo-account.js';
import { announcementTime, DEMO_ANNOUNCEMENTS } from './demo-messages.js';
import { createDemoPlayers } from './demo-players.js';
import {
  markWorldCreated,
  readDemoCredentials,
  storeDemoCredentials,
  type DemoCredentials,
} from './demo-state.js';

export interface DemoWorld extends DemoCredentials {
  /** True when this call created it; false when it already existed. */
  created: boolean;
}

/** Names, rarities and slots are the same in every demo world; only the password differs. */
const DEMO_SEED = 'lands-of-aleph-demo';

/**
 * Creates the demo world once: a demo account to play with and about fifty players on this
 * week's boards. All of it is one transaction holding the world_state row, so it exists
 * entirely or not at all, and a second caller (another process included) waits and then
 * finds it made. Later calls only read the stored credentials.
 */
export async function ensureDemoWorld(
  db: Db,
  now: Date,
  log: (line: string) => void = () => undefined,
): Promise<DemoWorld> {
  const existing = await readDemoCredentials(db);
  if (existing) return { ...existing, created: false };

  const started = Date.now();
  log('Creating the demo world (first start only)...');
  await syncItemCatalogue(db);
  // The demo player's password is random per world; the others share one nobody knows.
  const password = randomBytes(9).toString('base64url');
  const [demoHash, playersHash] = await Promise.all([
    hashPassword(password),
    hashPassword(randomBytes(24).toString('hex')),
  ]);
  const world = await db.transaction(async (tx): Promise<DemoWorld> => {
    await markWorldCreated(tx, now);
    const raced = await readDemoCredentials(tx, true);
    if (raced) return { ...raced, created: false };
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
    const credentials = { login: DEMO_LOGIN, password };
    await storeDemoCredentials(tx, credentials);
    return { ...credentials, created: true };
  });
  if (world.created) log(`Demo world created in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return world;
}
