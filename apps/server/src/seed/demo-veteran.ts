import { sql } from 'drizzle-orm';
import {
  checkMission,
  Continent,
  Element,
  featuresFor,
  GAME_CONFIG,
  isoWeekStart,
  MAX_PROFILE_LEVEL,
  QUEST_KEY_LIST,
  Rarity,
  rollHero,
  sealItemCode,
  Terrain,
  utcDayKey,
  vaultCap,
  type HeroDraft,
  type HeroState,
  type LandState,
  type MissionType,
  type Rng,
} from '@aleph/rules';
import type { MissionBody } from '@aleph/contracts';
import { queryRows, type Db, type Tx } from '../db/client.js';
import { ChangeBook } from '../core/change-book.js';
import { jsonRows } from '../core/json-rows.js';
import { queryLandsOfOwner } from '../core/land-query.js';
import { seedVeteranEconomy } from './demo-economy.js';
import { startMission } from '../modules/missions/service.js';
import { settlePlayerDue } from '../modules/missions/settle.js';
import { dismissQuests, questsFor } from '../modules/quests/service.js';
import { seedVeteranRecords } from './demo-records.js';
import { seedVeteranUnique } from './demo-unique.js';
import { createAccount, placeholderAddress } from '../core/accounts.js';
import { createHeroes, createLands } from '../core/create-lands-heroes.js';
import { grantStarter } from '../modules/world/starter.js';
import { setVeteranHeroGrowth, useVeteranPot } from './demo-hero-growth.js';

export const VETERAN_LOGIN = 'veteran';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Playing for four months. */
const PLAYING_DAYS = 120;

const { Aleph, Beth } = Continent;
const { Valley, Forest, Mountains, River, Arctic } = Terrain;
const { Air, Fire, Water, Earth } = Element;
type Quad = [number, number, number, number];

/**
 * Sixteen lands on both continents, besides the starter land. Towers stop at 7, so the veteran
 * still has levels to reach: an upgrade from L needs at most `100 * 1.6^L` elementals, within the
 * vault of a tower at L (docs/game-rules.md, Missions).
 */
const LANDS: ReadonlyArray<{
  name: string;
  continent: Continent;
  terrain: Terrain;
  element: Element;
  towers: Quad;
  seals: Quad;
}> = [
  {
    name: 'Dawnspire Keep',
    continent: Aleph,
    terrain: Arctic,
    element: Fire,
    towers: [6, 7, 5, 6],
    seals: [3, 4, 2, 3],
  },
  {
    name: 'Emberfall',
    continent: Aleph,
    terrain: River,
    element: Fire,
    towers: [5, 7, 4, 4],
    seals: [2, 3, 2, 2],
  },
  {
    name: 'Stonewatch',
    continent: Aleph,
    terrain: Mountains,
    element: Earth,
    towers: [4, 4, 5, 7],
    seals: [2, 2, 2, 3],
  },
  {
    name: 'Mistmere',
    continent: Aleph,
    terrain: River,
    element: Water,
    towers: [4, 3, 6, 4],
    seals: [2, 1, 3, 2],
  },
  {
    name: 'Greenhollow',
    continent: Aleph,
    terrain: Forest,
    element: Air,
    towers: [6, 3, 3, 4],
    seals: [3, 1, 1, 2],
  },
  {
    name: 'Oakenshade',
    continent: Aleph,
    terrain: Forest,
    element: Earth,
    towers: [3, 3, 3, 5],
    seals: [1, 1, 1, 2],
  },
  {
    name: 'Windmere',
    continent: Aleph,
    terrain: Valley,
    element: Air,
    towers: [5, 2, 2, 2],
    seals: [2, 1, 1, 1],
  },
  {
    name: 'Brightfield',
    continent: Aleph,
    terrain: Valley,
    element: Fire,
    towers: [2, 4, 2, 2],
    seals: [1, 2, 1, 1],
  },
  {
    name: 'Sunreach',
    continent: Aleph,
    terrain: Mountains,
    element: Air,
    towers: [4, 4, 4, 4],
    seals: [2, 2, 2, 2],
  },
  {
    name: 'Frostholm',
    continent: Beth,
    terrain: Arctic,
    element: Water,
    towers: [5, 5, 7, 5],
    seals: [2, 2, 4, 2],
  },
  {
    name: 'Tidewater',
    continent: Beth,
    terrain: River,
    element: Water,
    towers: [3, 3, 6, 3],
    seals: [1, 1, 3, 1],
  },
  {
    name: 'Ashenmoor',
    continent: Beth,
    terrain: Mountains,
    element: Fire,
    towers: [3, 6, 3, 3],
    seals: [1, 3, 1, 1],
  },
  {
    name: 'Thornwood',
    continent: Beth,
    terrain: Forest,
    element: Earth,
    towers: [3, 3, 3, 6],
    seals: [1, 1, 1, 3],
  },
  {
    name: 'Galehaven',
    continent: Beth,
    terrain: Valley,
    element: Air,
    towers: [5, 2, 2, 2],
    seals: [2, 1, 1, 1],
  },
  {
    name: 'Saltmarsh',
    continent: Beth,
    terrain: Valley,
    element: Water,
    towers: [2, 2, 4, 2],
    seals: [1, 1, 2, 1],
  },
  {
    name: 'Deepvale',
    continent: Beth,
    terrain: River,
    element: Earth,
    towers: [4, 4, 4, 5],
    seals: [2, 2, 2, 2],
  },
];

/**
 * Twelve heroes besides the three starter ones, of every rarity; `home` is an index into LANDS
 * (null: no residence); `level` is the hero level (0..5, docs/game-rules.md, Hero growth),
 * set with upskills spent by `setVeteranHeroGrowth`.
 */
const HEROES: ReadonlyArray<{ rarity: Rarity; home: number | null; level: number }> = [
  { rarity: Rarity.Legendary, home: 0, level: 5 },
  { rarity: Rarity.Epic, home: 0, level: 4 },
  { rarity: Rarity.Epic, home: 9, level: 4 },
  { rarity: Rarity.Rare, home: 2, level: 3 },
  { rarity: Rarity.Rare, home: 3, level: 3 },
  { rarity: Rarity.Rare, home: null, level: 2 },
  { rarity: Rarity.Uncommon, home: 4, level: 2 },
  { rarity: Rarity.Uncommon, home: 11, level: 1 },
  { rarity: Rarity.Uncommon, home: null, level: 1 },
  { rarity: Rarity.Common, home: 6, level: 0 },
  { rarity: Rarity.Common, home: null, level: 0 },
  { rarity: Rarity.Common, home: 1, level: 1 },
];

/** Seal improvement steps of the first land's vaults (its seals are Rare, Epic, Uncommon, Rare). */
const FIRST_LAND_SEAL_STEPS = [2, 1, 0, 3] as const;
/** Hero 4 (Rare, level 3) has the hero XP of level 4: HEROLEVELUP can start. */
const READY_HERO = 4;

/**
 * Missions finished before today (hero and land are indexes into HEROES and LANDS), settled by
 * the settlement itself, so their reports, XP, gold and board points are the real outcomes.
 * Every hero appears once: they all run at the same time until settled.
 */
const HISTORY: ReadonlyArray<{
  type: MissionType;
  hero: number;
  land: number;
  elemid?: Element;
  hoursAgo: number;
}> = [
  { type: 'DAILYREWARD', hero: 0, land: 0, hoursAgo: 50 },
  { type: 'HUNTSEAL', hero: 2, land: 9, hoursAgo: 30 },
  { type: 'DAILYREWARD', hero: 9, land: 6, hoursAgo: 26 },
  { type: 'GOLDCLAIM', hero: 5, land: 1, hoursAgo: 7 },
  { type: 'GOLDCLAIM', hero: 8, land: 4, hoursAgo: 6 },
  { type: 'GOLDCLAIM', hero: 3, land: 3, hoursAgo: 5 },
  { type: 'SEARCHELEMENT', hero: 4, land: 3, elemid: Water, hoursAgo: 4 },
  { type: 'SEARCHELEMENT', hero: 6, land: 4, elemid: Air, hoursAgo: 3 },
];

/** Started now, like a player would: three heroes busy, the other twelve idle. */
const RUNNING: ReadonlyArray<{ type: MissionType; hero: number; land: number; elemid?: Element }> =
  [
    { type: 'UPGRADETOWER', hero: 3, land: 2, elemid: Air },
    { type: 'SEARCHELEMENT', hero: 2, land: 9, elemid: Water },
    { type: 'GOLDCLAIM', hero: 10, land: 10 },
  ];

/** The treasury and the XP beyond what the history and the first steps earned. */
export const VETERAN_GOLD = 184_500;
export const VETERAN_PLATINUM = 1_250;
/** One VIP point per platinum bought: VIP level 3. */
export const VETERAN_VIP_POINTS = 2_600;
const OLDER_XP = 712_000;
/** This week's XP and gold claimed, on the boards near the top. */
const WEEK_XP = 41_500;
const WEEK_GOLD_CLAIMED = 6_400;

export interface VeteranInput {
  now: Date;
  rng: Rng;
  passwordHash: string;
}

const body = (type: MissionType, landid: number, heroid: number, elemid?: Element) =>
  ({
    missionType: type,
    landid,
    heroid,
    ...(elemid === undefined ? {} : { elemid }),
  }) as MissionBody;

/**
 * The demo world's `veteran` (README, docs/game-rules.md): profile level 10, seventeen lands on
 * both continents with upgraded towers and seals, full vaults, shards and items, fifteen
 * heroes of every rarity (three on missions), a history of finished missions with their reports
 * read, scores on this week's boards, and the first steps done and dismissed. Every balance is
 * booked through the change book with its ledger entries; the work is a fixed number of
 * set-based statements plus one settlement batch and three mission starts.
 */
export async function createVeteran(tx: Tx, input: VeteranInput): Promise<number> {
  const { now, rng } = input;
  const nowMs = now.getTime();
  const joined = new Date(nowMs - PLAYING_DAYS * DAY);
  const account = {
    login: VETERAN_LOGIN,
    email: 'veteran@lands-of-aleph.example',
    address: placeholderAddress(),
    passwordHash: input.passwordHash,
    now: joined,
  };
  const { userId } = await createAccount(tx, account, [grantStarter]);
  const lands = await createLands(tx, userId, LANDS, rng, joined);
  const drafts: HeroDraft[] = HEROES.map((h) => rollHero(rng, { rarity: h.rarity }));
  const heroIds = await createHeroes(
    tx,
    userId,
    HEROES.map((h, i) => ({
      draft: drafts[i]!,
      residenceId: h.home === null ? null : lands[h.home]!.id,
    })),
    joined,
  );
  // Levels, hero XP and upskills; every third hero keeps its last level's points to spend.
  await setVeteranHeroGrowth(
    tx,
    HEROES.map((h, i) => ({
      id: heroIds[i]!,
      level: h.level,
      base: drafts[i]!.skills,
      unspent: i % 3 === 1 ? GAME_CONFIG.heroGrowth.pointsPerLevel : 0,
      ready: i === READY_HERO,
    })),
  );
  await tx.execute(sql`update profiles set level = ${MAX_PROFILE_LEVEL} where id = ${userId}`);

  // What the rules see of the lands and heroes before the history: no upgrades yet, gold
  // produced since they were made.
  const landState = (i: number): LandState => {
    const spec = LANDS[i]!;
    const vault = { volume: 0, at: joined.getTime() };
    return {
      id: lands[i]!.id,
      ownerId: userId,
      name: spec.name,
      continent: spec.continent,
      x: lands[i]!.x,
      y: lands[i]!.y,
      terrain: spec.terrain,
      element: spec.element,
      towers: [0, 0, 0, 0],
      seals: [0, 0, 0, 0],
      vault: [vault, vault, vault, vault],
      shards: [0, 0, 0, 0],
      gold: { leftover: 0, at: joined.getTime() },
      residents: HEROES.filter((h) => h.home === i).length,
    };
  };
  const heroState = (i: number): HeroState => {
    const home = HEROES[i]!.home;
    return {
      id: heroIds[i]!,
      ownerId: userId,
      name: drafts[i]!.name,
      busy: false,
      rarity: drafts[i]!.rarity,
      element: drafts[i]!.element,
      skills: drafts[i]!.skills,
      residence:
        home === null
          ? null
          : {
              landId: lands[home]!.id,
              continent: LANDS[home]!.continent,
              x: lands[home]!.x,
              y: lands[home]!.y,
            },
    };
  };
  await playHistory(tx, userId, { now, rng }, landState, heroState);

  // Today's state: upgrades, full vaults, shards, items and the treasury, booked at once.
  const book = new ChangeBook(await queryLandsOfOwner(tx, userId));
  const why = { cause: 'demo', at: now };
  LANDS.forEach((spec, i) => {
    const landId = lands[i]!.id;
    for (const el of [Air, Fire, Water, Earth]) {
      book.tower(landId, el, spec.towers[el]);
      book.seal(landId, el, spec.seals[el]);
      if (i === 0) book.sealSteps(landId, el, FIRST_LAND_SEAL_STEPS[el]);
      book.addElementals(landId, el, vaultCap(spec.towers[el]), why);
      book.shards(landId, el, el === spec.element ? 9 : 5, why);
    }
    book.items(
      landId,
      {
        TOWER_STONE: 8 + (i % 5),
        SKILL_POT: 1 + (i % 3),
        LUCKY_COIN: i % 2,
        ANCIENT_SCROLL: i % 4 === 0 ? 1 : 0,
        [sealItemCode(spec.element)]: 2 + (i % 3),
      },
      why,
    );
  });
  const weekAt = new Date(Math.max(isoWeekStart(nowMs), nowMs - 2 * HOUR));
  book.profile(
    userId,
    { xp: OLDER_XP, vipPoints: VETERAN_VIP_POINTS },
    { cause: 'demo', at: new Date(joined.getTime() + DAY) },
  );
  book.profile(userId, { gold: VETERAN_GOLD, platinum: VETERAN_PLATINUM }, why);
  book.profile(userId, { xp: WEEK_XP, gold: WEEK_GOLD_CLAIMED }, { cause: 'demo', at: weekAt });
  book.score({ board: 'TOP_XP_GAINERS', profileId: userId, points: WEEK_XP, at: weekAt });
  book.score({
    board: 'TOP_GOLD_CLAIMERS',
    profileId: userId,
    points: WEEK_GOLD_CLAIMED,
    at: weekAt,
  });
  await book.flush(tx);

  // A transaction is a Db for the services: their own transactions become savepoints.
  const db: Db = tx;
  for (const m of RUNNING) {
    const currentLevel = m.type === 'UPGRADETOWER' ? LANDS[m.land]!.towers[m.elemid!] : undefined;
    await startMission(
      db,
      userId,
      {
        ...body(m.type, lands[m.land]!.id, heroIds[m.hero]!, m.elemid),
        ...(currentLevel === undefined ? {} : { currentLevel }),
      },
      now,
    );
  }

  // Last week's unique mission, finished, and this week's, open for an idle hero to join.
  await seedVeteranUnique(db, userId, now);

  // Lucky Coins, the week's Lucky coin opening and sales to the trader earlier today.
  await seedVeteranEconomy(db, userId, lands[0]!.id, now);

  // A Skill Pot on the Legendary hero, 14 of its 24 hours gone.
  await useVeteranPot(db, userId, heroIds[0]!, lands[0]!.id, now, 14);

  // The first steps: all done long ago (the marketplace seen in the first week), and dismissed.
  await tx.execute(
    sql`update profiles set market_seen_at = ${new Date(joined.getTime() + 2 * DAY)} where id = ${userId}`,
  );
  const quests = await questsFor(db, userId, now);
  if (quests.done !== QUEST_KEY_LIST.length) throw new Error('the veteran has first steps left');
  await dismissQuests(db, userId, now);
  // Achievements, a long Mission Log and the legendary frame.
  await seedVeteranRecords(tx, userId, now);
  return userId;
}

/**
 * The history: the missions go in as started hours or days ago, with what the rules' check
 * gives them (reservation, ETA), and one settlement batch finishes them all. Their reports are
 * then marked read, since the veteran read them when they came.
 */
async function playHistory(
  tx: Tx,
  userId: number,
  { now, rng }: { now: Date; rng: Rng },
  landState: (i: number) => LandState,
  heroState: (i: number) => HeroState,
) {
  const level = MAX_PROFILE_LEVEL;
  const rows = HISTORY.map((m) => {
    const startedAt = now.getTime() - m.hoursAgo * HOUR;
    const land = landState(m.land);
    const hero = heroState(m.hero);
    const params = {
      landid: land.id,
      heroid: hero.id,
      elemid: m.elemid ?? null,
      currentLevel: null,
      currentSeal: null,
    };
    const check = checkMission(
      {
        type: m.type,
        requesterId: userId,
        profile: { id: userId, level, xp: 0, features: featuresFor(level) },
        land,
        hero,
        landItems: {},
        runningOnLand: [],
        usedToday: { dailyReward: false, huntSeal: false },
        params,
      },
      startedAt,
    );
    if (!check.reservation || check.etaAt > now.getTime()) {
      throw new Error(
        `the veteran's ${m.type} history mission cannot run: ${check.result.error?.message}`,
      );
    }
    return {
      hero: hero.id,
      land: land.id,
      type: m.type,
      params,
      // Drawn from the demo world's seed: every demo world tells the same story.
      seed: rng.int(0, 2 ** 31 - 1),
      reservation: check.reservation,
      started: new Date(startedAt).toISOString(),
      eta: new Date(check.etaAt).toISOString(),
      day: utcDayKey(startedAt),
    };
  });
  await tx.execute(sql`insert into missions (profile_id, hero_id, land_id, type, params, seed, reservation, started_at, eta, status)
    select ${userId}, hero, land, type, params, seed, reservation, started, eta, 'running'
    from jsonb_to_recordset(${jsonRows(rows)})
      as v(hero int, land int, type text, params jsonb, seed bigint, reservation jsonb, started timestamptz, eta timestamptz)`);
  const daily = rows.filter((r) => r.type === 'DAILYREWARD' || r.type === 'HUNTSEAL');
  await tx.execute(sql`insert into daily_usage (profile_id, kind, day, mission_id)
    select m.profile_id, m.type, v.day, m.id
    from jsonb_to_recordset(${jsonRows(daily)}) as v(hero int, day text)
    join missions m on m.hero_id = v.hero and m.status = 'running'`);
  const db: Db = tx;
  await settlePlayerDue(db, userId, now);
  // Settlement bumps its players' cache versions itself and turns the triggers' bumps off for
  // the rest of the transaction; the demo world's later writes want them back on.
  await tx.execute(sql`select set_config('aleph.defer_versions', 'off', true)`);
  const read = await queryRows<{ n: number }>(
    tx,
    sql`with r as (
          update messages set read_at = created_at + interval '20 minutes'
          where profile_id = ${userId} and read_at is null returning 1)
        select count(*)::int as n from r`,
  );
  if (Number(read[0]?.n) < HISTORY.length) throw new Error('the veteran is missing reports');
}
