import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { createRng } from '@aleph/rules';
import type { Db, Executor } from '../db/client.js';
import { users } from '../db/schema.js';
import { conflict } from '../lib/errors.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { announce } from '../modules/messages/announce.js';
import { syncItemCatalogue } from '../modules/world/catalogue.js';
import { createDemoAccount, DEMO_LOGIN } from './demo-account.js';
import { announcementTime, DEMO_ANNOUNCEMENTS } from './demo-messages.js';
import { createDemoLands } from './demo-lands.js';
import { seedDemoArena } from './demo-arena.js';
import { createDemoPlayers } from './demo-players.js';
import { seedDemoSocial } from './demo-social.js';
import { seedDemoBazaar } from './demo-bazaar.js';
import {
  hasDemoWorld,
  markDemoCreated,
  markOperator,
  markVeteran,
  markWorldCreated,
  operatorOf,
  veteranOf,
} from './demo-state.js';
import { createVeteran, VETERAN_LOGIN } from './demo-veteran.js';
import { createOperator, OPERATOR_LOGIN } from './demo-operator.js';

/** A demo login, and its password when this call set it. */
export interface DemoLogin {
  login: string;
  password?: string;
}

/**
 * Only the call that creates the demo world (or replaces its passwords) knows the passwords:
 * the database keeps their hashes alone, so a lost one is replaced (`npm run admin -- demo`),
 * never read back. `veteran` is null in a world made before the veteran existed.
 */
export type DemoWorld =
  | {
      login: string;
      created: true;
      password: string;
      veteran: Required<DemoLogin> | null;
      /** The admin of the operators' console; null in a world made before it existed. */
      operator: Required<DemoLogin> | null;
    }
  | { login: string; created: false; veteran: DemoLogin | null; operator: DemoLogin | null };

/** A fresh random demo password: 12 characters, 72 bits. */
const newDemoPassword = () => randomBytes(9).toString('base64url');

const NOT_SHOWN = '(password not shown; `npm run admin -- demo` sets and prints a new one)';

/** The start banner's demo lines: the passwords only on the start that made them. */
export function demoBanner(world: DemoWorld): string {
  const lines = [
    world.created
      ? `Demo account: ${world.login} / ${world.password}`
      : `Demo account: ${world.login} ${NOT_SHOWN}`,
  ];
  if (world.veteran) {
    lines.push(
      world.veteran.password
        ? `Veteran account: ${world.veteran.login} / ${world.veteran.password}`
        : `Veteran account: ${world.veteran.login} ${NOT_SHOWN}`,
    );
  }
  if (world.operator) {
    lines.push(
      world.operator.password
        ? `Operator account: ${world.operator.login} / ${world.operator.password} (an admin: the console is at /admin)`
        : `Operator account: ${world.operator.login} ${NOT_SHOWN}`,
    );
  }
  return lines.join('\n');
}

/**
 * Gives the demo account, the veteran and the operator new random passwords and returns them;
 * the old ones stop working.
 */
export async function resetDemoPasswords(db: Db): Promise<DemoWorld & { created: true }> {
  const password = newDemoPassword();
  const veteranPassword = newDemoPassword();
  const operatorPassword = newDemoPassword();
  const passwordHash = await hashPassword(password);
  const veteranHash = await hashPassword(veteranPassword);
  const operatorHash = await hashPassword(operatorPassword);
  return db.transaction(async (tx) => {
    // Never a player's account that happens to be called "demo": only the demo world's.
    if (!(await hasDemoWorld(tx, true))) throw new Error('There is no demo world.');
    await tx.update(users).set({ passwordHash }).where(eq(users.loginLower, DEMO_LOGIN));
    const veteranId = await veteranOf(tx);
    if (veteranId !== null) {
      await tx.update(users).set({ passwordHash: veteranHash }).where(eq(users.id, veteranId));
    }
    const operatorId = await operatorOf(tx);
    if (operatorId !== null) {
      await tx.update(users).set({ passwordHash: operatorHash }).where(eq(users.id, operatorId));
    }
    return {
      login: DEMO_LOGIN,
      created: true as const,
      password,
      veteran: veteranId === null ? null : { login: VETERAN_LOGIN, password: veteranPassword },
      operator: operatorId === null ? null : { login: OPERATOR_LOGIN, password: operatorPassword },
    };
  });
}

/** Names, rarities and slots are the same in every demo world; only the password differs. */
const DEMO_SEED = 'lands-of-aleph-demo';

/**
 * Creates the demo world once: a demo account to play with, a veteran of level 10 to see the
 * later game with, and about fifty players on this week's boards. All of it is one transaction holding the world_state row, so it exists
 * entirely or not at all, and a second caller (another process included) waits and then
 * finds it made. Later calls only report that it exists.
 */
export async function ensureDemoWorld(
  db: Db,
  now: Date,
  log: (line: string) => void = () => undefined,
): Promise<DemoWorld> {
  const existing = async (ex: Executor): Promise<DemoWorld> => ({
    login: DEMO_LOGIN,
    created: false,
    veteran: (await veteranOf(ex)) === null ? null : { login: VETERAN_LOGIN },
    operator: (await operatorOf(ex)) === null ? null : { login: OPERATOR_LOGIN },
  });
  if (await hasDemoWorld(db)) return existing(db);

  const started = performance.now();
  log('Creating the demo world (first start only)...');
  await syncItemCatalogue(db);
  // The demo player's and the veteran's passwords are random per world; the others share one
  // nobody knows. The third hash runs after the first two, which keeps argon2's memory at two.
  const password = newDemoPassword();
  const veteranPassword = newDemoPassword();
  const [demoHash, playersHash] = await Promise.all([
    hashPassword(password),
    hashPassword(randomBytes(24).toString('hex')),
  ]);
  const veteranHash = await hashPassword(veteranPassword);
  const operatorPassword = newDemoPassword();
  const operatorHash = await hashPassword(operatorPassword);
  const world = await db.transaction(async (tx): Promise<DemoWorld> => {
    await markWorldCreated(tx, now);
    if (await hasDemoWorld(tx, true)) return existing(tx);
    const taken = await tx.query.users.findFirst({
      columns: { loginLower: true },
      where: (u, { inArray }) => inArray(u.loginLower, [DEMO_LOGIN, VETERAN_LOGIN, OPERATOR_LOGIN]),
    });
    if (taken) {
      throw conflict(
        'DEMO_LOGIN_TAKEN',
        `A player already uses the login "${taken.loginLower}", so the demo world cannot be created.`,
      );
    }
    const rng = createRng(DEMO_SEED);
    const players = await createDemoPlayers(tx, { now, rng, passwordHash: playersHash });
    const demoId = await createDemoAccount(tx, { now, rng, passwordHash: demoHash });
    const veteranId = await createVeteran(tx, { now, rng, passwordHash: veteranHash });
    await markVeteran(tx, veteranId);
    // Last of the accounts, so the others' ids (and the plots they get) are as before.
    const operatorId = await createOperator(tx, { now, passwordHash: operatorHash });
    await markOperator(tx, operatorId);
    // The demo world's addresses count as verified: its profiles look like finished accounts.
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`${users.createdAt}` })
      .where(inArray(users.id, [...players, demoId, veteranId, operatorId]));
    await seedDemoArena(tx, { players, veteranId, now, rng });
    // After the demo account's and the veteran's lands, so their plots are as before.
    await createDemoLands(tx, players, now);
    for (const a of DEMO_ANNOUNCEMENTS) {
      await announce(tx, a, announcementTime(now, a.hoursAgo), {
        onlyProfiles: [...players, demoId, veteranId],
      });
    }
    // Alliances, chat, a message and a friend request: a random source of their own, so the
    // rest of the world is as before.
    await seedDemoSocial(tx, {
      players,
      demoId,
      veteranId,
      now,
      rng: createRng(`${DEMO_SEED}-social`),
    });
    // The Bazaar last: its trades use the players, lands and treasuries made above.
    await seedDemoBazaar(tx, { players, veteranId, now, rng: createRng(`${DEMO_SEED}-bazaar`) });
    await markDemoCreated(tx, now);
    return {
      login: DEMO_LOGIN,
      created: true,
      password,
      veteran: { login: VETERAN_LOGIN, password: veteranPassword },
      operator: { login: OPERATOR_LOGIN, password: operatorPassword },
    };
  });
  if (world.created)
    log(`Demo world created in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return world;
}
