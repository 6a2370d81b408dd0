import { and, asc, eq, isNull } from 'drizzle-orm';
import {
  Continent,
  isoWeekStart,
  Element,
  Rarity,
  rollHero,
  Terrain,
  type Rng,
} from '@aleph/rules';
import type { MissionBody, MissionTypeName } from '@aleph/contracts';
import type { Db, Tx } from '../db/client.js';
import { heroes, lands } from '../db/schema.js';
import { changeProfile } from '../core/balances.js';
import { addBoardScore } from '../core/boards.js';
import { startMission } from '../modules/missions/service.js';
import { createAccount, placeholderAddress } from '../core/accounts.js';
import { createHero, createLand } from '../core/create-lands-heroes.js';
import { writeDemoReports, type DemoLandNames } from './demo-messages.js';
import { grantToLand } from '../modules/world/grants.js';
import { grantStarter } from '../modules/world/starter.js';

export const DEMO_LOGIN = 'demo';
const DAY = 86_400_000;
export const DEMO_LAND_NAMES: DemoLandNames = {
  homestead: 'Homestead',
  forest: 'Verdant Hollow',
  river: 'Silver Ford',
};
/** Level 1 needs 19,412 XP: the demo player can unlock it at once. */
export const DEMO_XP = 21_000;
export const DEMO_GOLD = 5_000;
export const DEMO_PLATINUM = 150;
/** Gold moved by claims this week: mid-table on Top Gold Claimers. */
export const DEMO_GOLD_CLAIMED = 2_150;

/** The body a player would post (typed by hand: the schema's static type of the union is too narrow). */
const mission = (type: MissionTypeName, landid: number, heroid: number, elemid?: number) =>
  ({
    missionType: type,
    landid,
    heroid,
    ...(elemid === undefined ? {} : { elemid }),
  }) as MissionBody;

export interface DemoAccountInput {
  now: Date;
  rng: Rng;
  passwordHash: string;
}

async function starterPieces(tx: Tx, userId: number) {
  const [land] = await tx.select({ id: lands.id }).from(lands).where(eq(lands.ownerId, userId));
  const [homeless] = await tx
    .select({ id: heroes.id })
    .from(heroes)
    .where(and(eq(heroes.ownerId, userId), isNull(heroes.residenceId)))
    .orderBy(asc(heroes.id));
  if (!land || !homeless) throw new Error('the demo account got no starter grant');
  return { landId: land.id, homelessId: homeless.id };
}

/**
 * The demo account: the starter grant two days ago (so its lands have produced gold), two
 * more lands (a Forest on Aleph, a River on Beth), four more heroes of rising rarity, a full
 * treasury, XP enough to unlock level 1, items and elementals to start a tower upgrade, and
 * two missions running. Everything is booked through the ledger like a player's own play.
 */
export async function createDemoAccount(tx: Tx, input: DemoAccountInput): Promise<number> {
  const { now, rng } = input;
  const joined = new Date(now.getTime() - 2 * DAY);
  const account = {
    login: DEMO_LOGIN,
    email: 'demo@lands-of-aleph.example',
    address: placeholderAddress(),
    passwordHash: input.passwordHash,
    now: joined,
  };
  const { userId } = await createAccount(tx, account, [grantStarter]);
  const starter = await starterPieces(tx, userId);
  await tx
    .update(lands)
    .set({ name: DEMO_LAND_NAMES.homestead })
    .where(eq(lands.id, starter.landId));
  const forest = await createLand(
    tx,
    userId,
    {
      continent: Continent.Aleph,
      terrain: Terrain.Forest,
      element: Element.Earth,
      name: DEMO_LAND_NAMES.forest,
    },
    rng,
    joined,
  );
  const river = await createLand(
    tx,
    userId,
    {
      continent: Continent.Beth,
      terrain: Terrain.River,
      element: Element.Water,
      name: DEMO_LAND_NAMES.river,
    },
    rng,
    joined,
  );
  const hero = (rarity: Rarity, home: number | null) =>
    createHero(tx, userId, rollHero(rng, { rarity }), home, joined);
  await hero(Rarity.Uncommon, forest.id);
  const searcher = await hero(Rarity.Rare, river.id);
  await hero(Rarity.Epic, forest.id);
  await hero(Rarity.Legendary, null);

  // An hour ago, but in this ISO week, so the board and the ledger tell the same week.
  const at = new Date(Math.max(isoWeekStart(now.getTime()), now.getTime() - 3_600_000));
  const why = { cause: 'demo', at };
  await changeProfile(tx, userId, { gold: DEMO_GOLD, platinum: DEMO_PLATINUM, xp: DEMO_XP }, why);
  await addBoardScore(tx, 'TOP_XP_GAINERS', userId, DEMO_XP, at);
  await addBoardScore(tx, 'TOP_GOLD_CLAIMERS', userId, DEMO_GOLD_CLAIMED, at);

  // A transaction is a Db for the services: their own transactions become savepoints.
  const db: Db = tx;
  await grantToLand(
    db,
    starter.landId,
    { items: { TOWER_STONE: 2, SKILL_POT: 1, LUCKY_COIN: 1 } },
    now,
    'demo',
  );
  await grantToLand(
    db,
    forest.id,
    {
      items: { TOWER_STONE: 3 },
      elementals: { element: Element.Earth, amount: 450 },
      shards: { element: Element.Earth, amount: 2 },
    },
    now,
    'demo',
  );
  await grantToLand(
    db,
    river.id,
    {
      items: { SEAL_WATER: 1, ANCIENT_SCROLL: 1 },
      elementals: { element: Element.Water, amount: 200 },
    },
    now,
    'demo',
  );
  await writeDemoReports(tx, userId, DEMO_LAND_NAMES, now);

  // Started like a player would, so the hero is busy and the land's claim slot taken.
  await startMission(db, userId, mission('GOLDCLAIM', starter.landId, starter.homelessId), now);
  await startMission(db, userId, mission('SEARCHELEMENT', river.id, searcher, Element.Water), now);
  return userId;
}
