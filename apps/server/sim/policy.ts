import {
  carryCapacity,
  GAME_CONFIG,
  levelUpCost,
  sealUpgradeCost,
  Skill,
  towerUpgradeCost,
  type MissionType,
} from '@aleph/rules';
import type { Hero, InventoryItem, Land, Message, QuestBoard } from '@aleph/contracts';
import type { SimClient } from './client.js';

/**
 * A sensible free player who read docs/game-rules.md. At each check-in: level up when the
 * profile can, collect the first steps, spend gold on what grows the kingdom, then give every
 * idle hero the most useful mission it can start. It never pays money for Platinum.
 */
export interface PlayerView {
  level: number;
  xp: number;
  gold: number;
  features: Set<string>;
  lands: Land[];
  heroes: Hero[];
  items: Map<number, Map<string, number>>;
  running: RunningRow[];
  daily: { daily: boolean; seal: boolean };
  /** The cheaper of the next hero and the next land minted for gold. */
  nextMint: number;
  /** The open unique mission not joined yet (level 9), if any. */
  unique?: UniqueEvent | null;
}

interface RunningRow {
  missionid: number;
  missionType: string;
  landid: number;
  heroid: number;
  eta: string;
}

interface Profile {
  level: { level: number; profilePoints: number; upgradable: boolean };
  treasury: { gold: number; platinum: number };
}

interface MissionStart {
  missionType: MissionType;
  landid: number;
  heroid: number;
  elemid?: number;
  currentLevel?: number;
  currentSeal?: number;
  eventid?: number;
  hours?: number;
}

interface CheckResult {
  ok: boolean;
  eta: { minutes: number };
  errorCode?: string;
}

export interface PolicyOptions {
  /** Milliseconds until this player's next check-in: long missions suit long gaps. */
  nextCheckInMs: number;
}

const has = (view: PlayerView, level: number) => view.features.has(`profileLevel${level}`);

export async function readView(client: SimClient): Promise<PlayerView> {
  const profile = await client.get<Profile>('/athar/profile');
  const features = await client.get<string[]>('/athar/features');
  const lands = await client.get<Land[]>('/ard/lands');
  const heroes = await client.get<Hero[]>('/abtal/heroes');
  const running = await client.get<RunningRow[]>('/misaar/missions/status/running');
  const stat = await client.get<{ daily: { daily: boolean; seal: boolean } }>('/dashboard/stat');
  const prices = await client.get<MintPrices>('/market/mint/prices');
  const items = new Map<number, Map<string, number>>();
  for (const land of lands) {
    const list = await client.get<InventoryItem[]>(`/ard/lands/${land.landid}/balances`);
    items.set(land.landid, new Map(list.map((i) => [i.item_code, i.balance])));
  }
  return {
    level: profile.level.level,
    xp: profile.level.profilePoints,
    gold: profile.treasury.gold,
    features: new Set(features),
    lands,
    heroes,
    items,
    running,
    daily: stat.daily,
    nextMint: Math.min(prices.land.gold, prices.hero.gold),
  };
}

/** Profile level-ups, one after another while the XP allows. */
async function levelUp(client: SimClient): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const profile = await client.get<Profile>('/athar/profile');
    if (!profile.level.upgradable) return;
    await client.write('POST', '/tartib/workflow/start', { wftype: 'PROFILELEVELUP' });
    // The workflow runs before the player's next read (docs/api.md).
    await client.get('/athar/features');
  }
}

/** The first steps: read a mission report, look at the marketplace, collect the rewards. */
async function firstSteps(client: SimClient, state: { questsDone: boolean }): Promise<void> {
  if (state.questsDone) return;
  const messages = await client.get<Message[]>('/hatif/messages');
  for (const unread of messages.filter((m) => !m.read).slice(0, 3))
    await client.write('POST', `/hatif/messages/${unread.msgid}/markread`);
  await client.get('/market/purchases');
  const board = await client.get<QuestBoard>('/athar/quests');
  if (board.done === board.total) state.questsDone = true;
}

export interface PlayerMemory {
  questsDone: boolean;
}

export async function checkIn(
  client: SimClient,
  memory: PlayerMemory,
  options: PolicyOptions,
): Promise<void> {
  await client.resume();
  await levelUp(client);
  await firstSteps(client, memory);
  await levelUp(client);
  // The view is read again only after a write changed it (the gold spent below may then be
  // less than the treasury holds, never more).
  let view = await readView(client);
  let writes = client.writes;
  await useFeatures(client, view);
  if (client.writes > writes) view = await readView(client);
  writes = client.writes;
  await spendGold(client, view);
  if (client.writes > writes) view = await readView(client);
  await sendHeroes(client, view, options);
  // Quests paid by missions that settled during this check-in are collected next time.
}

/**
 * The level table's features that pay: upskill points (level 6) on Intelligence, then Luck,
 * then Efficiency; a Skill Pot (level 4) on an idle hero's Intelligence, so more search hours fit
 * before the next check-in; every Lucky Coin tossed while the event is open (level 5); Ancient
 * Scrolls, which no rule consumes, sold to the Greedy trader (level 7).
 */
async function useFeatures(client: SimClient, view: PlayerView): Promise<void> {
  await secretMarket(client, view);
  if (has(view, GAME_CONFIG.heroGrowth.upskillProfileLevel)) {
    for (const hero of view.heroes.filter((h) => h.pointsLeft > 0)) {
      const add = [0, 0, 0, 0, 0, 0, 0, 0];
      let left = hero.pointsLeft;
      for (const skill of [Skill.Intelligence, Skill.Luck, Skill.Efficiency, Skill.Mastery]) {
        const room = GAME_CONFIG.heroes.skillMax - hero.skills[skill]!;
        const spend = Math.max(0, Math.min(left, room - (hero.pot?.skill === skill ? 15 : 0)));
        add[skill] = spend;
        left -= spend;
      }
      if (add.some((n) => n > 0))
        await client.write('POST', `/abtal/heroes/${hero.heroid}/upskills`, { skills: add });
    }
  }
  if (has(view, GAME_CONFIG.heroGrowth.pot.profileLevel)) {
    for (const hero of view.heroes.filter((h) => !h.busy && !h.pot && h.residenceid !== null)) {
      const landid = hero.residenceid!;
      if (itemCount(view, landid, GAME_CONFIG.heroGrowth.pot.itemCode) < 1) continue;
      if (hero.skills[Skill.Intelligence]! >= GAME_CONFIG.heroes.skillMax) continue;
      const body = { landid, skill: Skill.Intelligence };
      if (await client.write('POST', `/abtal/heroes/${hero.heroid}/pot`, body))
        view.items
          .get(landid)
          ?.set(
            GAME_CONFIG.heroGrowth.pot.itemCode,
            itemCount(view, landid, GAME_CONFIG.heroGrowth.pot.itemCode) - 1,
          );
    }
  }
  if (has(view, GAME_CONFIG.economy.luckyCoin.profileLevel)) {
    const lucky = await client.get<{
      open: boolean;
      lands: Array<{ landid: number; coins: number }>;
    }>('/hadath/luckycoin');
    if (lucky.open) {
      for (const land of lucky.lands)
        for (let i = 0; i < land.coins; i++) {
          const headers = { 'idempotency-key': client.idempotencyKey('toss') };
          await client.write('POST', '/hadath/luckycoin/toss', { landid: land.landid }, headers);
        }
    }
  }
  if (has(view, GAME_CONFIG.economy.trader.profileLevel)) {
    const trader = await client.get<{
      quotes: Array<{ kind: string; code: string | null; buyPrice: number }>;
      capLeft: number;
    }>('/souq/trader');
    const scroll = trader.quotes.find((q) => q.kind === 'item' && q.code === 'ANCIENT_SCROLL');
    for (const land of view.lands) {
      const count = itemCount(view, land.landid, 'ANCIENT_SCROLL');
      if (!scroll || count < 1 || scroll.buyPrice > trader.capLeft) continue;
      const body = {
        landid: land.landid,
        kind: 'item',
        code: 'ANCIENT_SCROLL',
        quantity: 1,
        price: scroll.buyPrice,
      };
      const headers = { 'idempotency-key': client.idempotencyKey('sell') };
      // One at a time: each sale moves the price, and the next is quoted again.
      if (await client.write('POST', '/souq/trader/sell', body, headers)) return;
    }
  }
}

interface SecretOffer {
  id: string;
  kind: string;
  gold: number;
  platinum: number;
  needsLand: boolean;
  sold: boolean;
}

/**
 * The Secret market (level 8): Tower Stones and seal items for the tower and seal the player
 * works on, when the gold after them still buys the next hero or land (never Platinum offers).
 */
async function secretMarket(client: SimClient, view: PlayerView): Promise<void> {
  if (!has(view, GAME_CONFIG.economy.secret.profileLevel)) return;
  const market = await client.get<{ offers: SecretOffer[] }>('/souq/secret');
  let gold = view.gold;
  const land = view.lands[0];
  if (!land) return;
  for (const offer of market.offers) {
    if (offer.sold || offer.platinum > 0 || offer.gold <= 0) continue;
    if (!['tower_stone', 'seal'].includes(offer.kind)) continue;
    if (gold - offer.gold < view.nextMint) continue;
    const headers = { 'idempotency-key': client.idempotencyKey('secret') };
    const body = offer.needsLand ? { landid: land.landid } : {};
    if (await client.write('POST', `/souq/secret/${offer.id}/buy`, body, headers))
      gold -= offer.gold;
  }
}

interface UniqueEvent {
  eventid: number;
  status: string;
  placesLeft: number;
  requirement: { skill: number; min: number; minRarity: number | null };
  joined: unknown;
}

/** The open unique mission (level 9) the player has not joined, when one is open. */
async function openUnique(client: SimClient, view: PlayerView): Promise<UniqueEvent | null> {
  if (!has(view, GAME_CONFIG.missions.UNIQUE.profileLevel)) return null;
  const events = await client.get<UniqueEvent[]>('/misaar/unique');
  return events.find((e) => e.status === 'open' && !e.joined && e.placesLeft > 0) ?? null;
}

interface MintPrices {
  land: { platinum: number; gold: number };
  hero: { platinum: number; gold: number };
}

/**
 * Gold buys growth (docs/game-rules.md, Marketplace): a hero while the lands have room for
 * one, a land when they are full or when it costs little more than a hero. Gold the next hero
 * level-up needs is kept back.
 */
async function spendGold(client: SimClient, view: PlayerView): Promise<void> {
  let gold = view.gold - levelUpReserve(view);
  let lands = view.lands.length;
  let heroes = view.heroes.length;
  for (let i = 0; i < 5; i++) {
    const prices = await client.get<MintPrices>('/market/mint/prices');
    const full = heroes >= lands * GAME_CONFIG.heroes.maxResidentsPerLand;
    const landFirst = full || prices.land.gold <= 2 * prices.hero.gold;
    if (landFirst && prices.land.gold <= gold) {
      const body = {
        continent: 0,
        idempotencyKey: client.idempotencyKey('land'),
        currency: 'gold',
      };
      if (!(await client.write('POST', '/market/mint/land', body))) return;
      gold -= prices.land.gold;
      lands += 1;
    } else if (!full && prices.hero.gold <= gold) {
      const body = { idempotencyKey: client.idempotencyKey('hero'), currency: 'gold' };
      if (!(await client.write('POST', '/market/mint/hero', body))) return;
      gold -= prices.hero.gold;
      heroes += 1;
    } else return;
  }
}

/** The treasury gold of the cheapest hero level-up that is (nearly) due, once level 6 opens it. */
function levelUpReserve(view: PlayerView): number {
  if (!has(view, GAME_CONFIG.heroGrowth.upskillProfileLevel)) return 0;
  const due = view.heroes
    .filter((h) => h.level < GAME_CONFIG.heroGrowth.maxLevel)
    .map((h) => levelUpCost(h.level + 1).gold);
  return due.length > 0 ? Math.min(...due) : 0;
}

function itemCount(view: PlayerView, landid: number, code: string): number {
  return view.items.get(landid)?.get(code) ?? 0;
}

const SEAL_CODES = ['SEAL_AIR', 'SEAL_FIRE', 'SEAL_WATER', 'SEAL_EARTH'];

/** Candidate missions for a hero, most useful first. */
function candidates(
  view: PlayerView,
  hero: Hero,
  claimsTaken: Set<number>,
  options: PolicyOptions,
): MissionStart[] {
  const out: MissionStart[] = [];
  const home = view.lands.find((l) => l.landid === hero.residenceid);
  const running = (landid: number, type: string) =>
    view.running.some((m) => m.landid === landid && m.missionType === type);
  // Gold claims on the player's other lands, fullest first, from `least` gold.
  const carry = carryCapacity(hero.skills[Skill.Charisma]!);
  const minCap = Math.min(...view.lands.map((l) => l.gold.cap));
  const claims = (least: number): MissionStart[] =>
    view.lands
      .filter((l) => l.landid !== hero.residenceid && !claimsTaken.has(l.landid))
      .filter((l) => !running(l.landid, 'GOLDCLAIM') && l.gold.leftover >= Math.max(1, least))
      .sort((a, b) => b.gold.leftover - a.gold.leftover)
      .map((l) => ({ missionType: 'GOLDCLAIM' as const, landid: l.landid, heroid: hero.heroid }));
  if (home) {
    const base = { landid: home.landid, heroid: hero.heroid };
    if (!view.daily.daily) out.push({ missionType: 'DAILYREWARD', ...base });
    if (has(view, 2) && !view.daily.seal) out.push({ missionType: 'HUNTSEAL', ...base });
    const unique = view.unique;
    if (
      unique &&
      hero.skills[unique.requirement.skill]! >= unique.requirement.min &&
      hero.rarity >= (unique.requirement.minRarity ?? 0)
    )
      out.push({ missionType: 'UNIQUE', ...base, eventid: unique.eventid });
    // A hero level-up when the gold left after it still buys the next hero or land: more
    // heroes come before stronger ones.
    if (has(view, 6) && hero.xpToNext === 0 && hero.level < 5) {
      const cost = levelUpCost(hero.level + 1);
      if (
        view.gold - cost.gold >= view.nextMint &&
        home.vault.volume[hero.element]! >= cost.elementals
      )
        out.push({ missionType: 'HEROLEVELUP', ...base });
    }
    // Seal upgrades where seal items wait in the inventory.
    if (has(view, 3)) {
      for (let e = 0; e < 4; e++) {
        const seal = home.vault.seals[e]!;
        if (seal >= GAME_CONFIG.vault.maxSeal) continue;
        const cost = sealUpgradeCost(seal, hero.skills[Skill.Efficiency]!);
        if (
          itemCount(view, home.landid, SEAL_CODES[e]!) >= cost.sealItems &&
          home.vault.volume[e]! >= cost.elementals
        )
          out.push({ missionType: 'UPGRADESEAL', ...base, elemid: e, currentSeal: seal });
      }
    }
    // Tower upgrades: the land's own element leads by two levels (its searches find half as
    // much again), then the lowest tower.
    const rank = (e: number) => home.elements[e]! - (e === home.element ? 2 : 0);
    const towers = [0, 1, 2, 3].sort((a, b) => rank(a) - rank(b));
    for (const e of towers) {
      const level = home.elements[e]!;
      if (level >= GAME_CONFIG.land.towerMaxLevel) continue;
      const cost = towerUpgradeCost(level, hero.skills[Skill.Efficiency]!);
      if (
        home.vault.volume[e]! >= cost.elementals &&
        itemCount(view, home.landid, 'TOWER_STONE') >= cost.stones &&
        home.shards[e]! >= cost.shards
      )
        out.push({ missionType: 'UPGRADETOWER', ...base, elemid: e, currentLevel: level });
    }
    // Search for the element the next tower upgrade needs: the lowest tower, the land's
    // own element first among equals (it finds half as much again).
    const want = towers[0]!;
    // Search until the next check-in: as many whole hours as fit (Intelligence shortens them).
    const perHour = 60 * (1 - hero.skills[Skill.Intelligence]! / 200);
    const S = GAME_CONFIG.missions.SEARCHELEMENT.hours;
    const fit = Math.floor(options.nextCheckInMs / 60_000 / perHour);
    const hours = Math.max(S.min, Math.min(S.max, fit));
    // A land whose gold fills the hero's bags is worth the trip before a search.
    for (const claim of claims(Math.min(carry, 0.5 * minCap))) out.push(claim);
    out.push({ missionType: 'SEARCHELEMENT', ...base, elemid: want, hours });
  }
  // A hero without a home claims whatever waits: it is all it can do.
  if (!home) for (const claim of claims(1)) out.push(claim);
  // A hero without a home moves in where there is room: with one land, one stays homeless
  // to claim its gold; with two or more, the residents of each claim the others.
  if (!home) {
    const homeless = view.heroes.filter((h) => h.residenceid === null);
    const claimer = view.lands.length === 1 && homeless[0]?.heroid === hero.heroid;
    const room = view.lands
      .filter((l) => l.residents < GAME_CONFIG.heroes.maxResidentsPerLand)
      .sort((a, b) => a.residents - b.residents)[0];
    if (room && !claimer) {
      out.unshift({ missionType: 'TRANSFERHERO', landid: room.landid, heroid: hero.heroid });
    }
  }
  return out;
}

async function sendHeroes(client: SimClient, view: PlayerView, options: PolicyOptions) {
  view.unique = await openUnique(client, view);
  const claimsTaken = new Set<number>();
  const idle = view.heroes.filter((h) => !h.busy);
  // Residents first, best Agility first, so the daily missions go to the best heroes.
  idle.sort(
    (a, b) =>
      Number(b.residenceid !== null) - Number(a.residenceid !== null) ||
      b.skills[Skill.Agility]! - a.skills[Skill.Agility]!,
  );
  for (const hero of idle) {
    for (const mission of candidates(view, hero, claimsTaken, options)) {
      const check = await client.write<CheckResult>('POST', '/misaar/mission/check', mission);
      if (!check?.ok) continue;
      const started = await client.write('POST', '/misaar/mission/start', mission);
      if (!started) continue;
      if (mission.missionType === 'DAILYREWARD') view.daily.daily = true;
      if (mission.missionType === 'HUNTSEAL') view.daily.seal = true;
      if (mission.missionType === 'UNIQUE') view.unique = null;
      if (mission.missionType === 'GOLDCLAIM') claimsTaken.add(mission.landid);
      if (mission.missionType === 'HEROLEVELUP') view.gold -= levelUpCost(hero.level + 1).gold;
      // Ingredients left the land: read it again before the next hero plans on it.
      if (
        ['UPGRADETOWER', 'UPGRADESEAL', 'HEROLEVELUP', 'IMPROVESEAL'].includes(mission.missionType)
      ) {
        const fresh = await client.get<Land>(`/ard/lands/${mission.landid}`);
        view.lands = view.lands.map((l) => (l.landid === fresh.landid ? fresh : l));
        const list = await client.get<InventoryItem[]>(`/ard/lands/${mission.landid}/balances`);
        view.items.set(mission.landid, new Map(list.map((i) => [i.item_code, i.balance])));
      }
      break;
    }
  }
}
