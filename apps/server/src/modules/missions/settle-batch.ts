import {
  addElementals,
  createRng,
  settleMission,
  vaultCap,
  type Element,
  type HeroState,
  type GoldSnapshot,
  type LandState,
  type VaultSnapshot,
  type MissionOutcome,
  type MissionParams,
  type MissionType,
  type Reservation,
} from '@aleph/rules';
import { BoardTally } from '../game/boards.js';
import { round6, type LedgerEntry } from '../game/ledger.js';

export interface DueMission {
  id: number;
  profile_id: number;
  hero_id: number;
  land_id: number;
  type: MissionType;
  params: MissionParams;
  seed: number | string;
  reservation: Reservation;
  eta: Date | string;
}

/**
 * What a settled mission keeps in `missions.result`: its effects, with nothing that is kept
 * elsewhere (the report is the inbox message; the snapshots are the land's balances) and no
 * empty fields. A quarter of the full outcome's size, which settlement writes once per mission.
 */
export type OutcomeRecord = {
  -readonly [
    K in Exclude<keyof MissionOutcome, 'report' | 'landGold' | 'vault'>
  ]?: MissionOutcome[K];
} & {
  type: MissionType;
  success: boolean;
  landGold?: number;
  vault?: { elemid: Element; delta: number };
};

export function outcomeRecord(o: MissionOutcome): OutcomeRecord {
  const r: OutcomeRecord = { type: o.type, success: o.success };
  if (o.xp !== 0) r.xp = o.xp;
  if (o.treasuryGold !== 0) r.treasuryGold = o.treasuryGold;
  if (o.goldClaimed !== 0) r.goldClaimed = o.goldClaimed;
  if (o.landGold) r.landGold = o.landGold.delta;
  if (o.vault) r.vault = { elemid: o.vault.elemid, delta: o.vault.delta };
  if (o.shards) r.shards = o.shards;
  if (Object.keys(o.items).length > 0) r.items = o.items;
  if (o.towerLevel) r.towerLevel = o.towerLevel;
  if (o.seal) r.seal = o.seal;
  if (o.residenceLandId !== null) r.residenceLandId = o.residenceLandId;
  if (o.refund) r.refund = o.refund;
  return r;
}

type Quad<T> = [T, T, T, T];
/** A land whose balances the batch updates as it goes. */
type BatchLand = Omit<LandState, 'towers' | 'seals' | 'shards' | 'vault' | 'gold' | 'residents'> & {
  towers: Quad<number>;
  seals: Quad<number>;
  shards: Quad<number>;
  vault: Quad<VaultSnapshot>;
  gold: GoldSnapshot;
  residents: number;
};
type Book = (e: Omit<LedgerEntry, 'profileId' | 'at' | 'cause' | 'causeId'>, why?: string) => void;

/**
 * The effects of a batch of settlements, worked out in memory in ETA order (so two missions
 * on one land see each other's effects) and written afterwards in a handful of set-based
 * statements. Every balance change is also a ledger entry, exactly as one-by-one writes
 * would book it.
 */
export class SettlementBatch {
  readonly lands = new Map<number, BatchLand>();
  readonly heroes = new Map<number, HeroState>();
  readonly touchedLands = new Set<number>();
  readonly touchedElements = new Set<string>();
  readonly profileDeltas = new Map<number, { gold: number; xp: number }>();
  readonly itemDeltas = new Map<string, { landId: number; code: string; delta: number }>();
  readonly residences = new Map<number, number>();
  readonly boards = new BoardTally();
  readonly ledger: LedgerEntry[] = [];
  readonly messages: Array<{ profileId: number; subject: string; body: string; at: Date }> = [];
  readonly results: Array<{ id: number; result: OutcomeRecord }> = [];

  constructor(lands: readonly LandState[], heroes: readonly HeroState[]) {
    for (const land of lands) {
      this.lands.set(land.id, {
        ...land,
        towers: [...land.towers] as Quad<number>,
        seals: [...land.seals] as Quad<number>,
        shards: [...land.shards] as Quad<number>,
        vault: [...land.vault] as Quad<VaultSnapshot>,
      });
    }
    for (const hero of heroes) this.heroes.set(hero.id, { ...hero, busy: false });
  }

  apply(m: DueMission): void {
    const land = this.lands.get(m.land_id);
    const hero = this.heroes.get(m.hero_id);
    if (!land || !hero) throw new Error(`mission ${m.id}: hero or land is gone`);
    const at = new Date(m.eta);
    const outcome = settleMission(
      { type: m.type, params: m.params, reservation: m.reservation },
      { land, hero },
      at.getTime(),
      createRng(Number(m.seed)),
    );
    const cause = `mission:${m.type}`;
    const book: Book = (e, why = cause) =>
      this.ledger.push({ profileId: land.ownerId, at, cause: why, causeId: m.id, ...e });

    if (outcome.treasuryGold !== 0 || outcome.xp !== 0) {
      const d = this.profileDeltas.get(m.profile_id) ?? { gold: 0, xp: 0 };
      d.gold += outcome.treasuryGold;
      d.xp += outcome.xp;
      this.profileDeltas.set(m.profile_id, d);
      this.ledger.push({
        profileId: m.profile_id,
        asset: 'gold',
        delta: outcome.treasuryGold,
        cause,
        causeId: m.id,
        at,
      });
      this.ledger.push({
        profileId: m.profile_id,
        asset: 'xp',
        delta: outcome.xp,
        cause,
        causeId: m.id,
        at,
      });
    }
    if (outcome.landGold) {
      const next = round6(outcome.landGold.snapshot.leftover);
      book(
        {
          asset: 'land_gold',
          landId: land.id,
          delta: next - land.gold.leftover - outcome.landGold.delta,
        },
        'production',
      );
      book({ asset: 'land_gold', landId: land.id, delta: outcome.landGold.delta });
      land.gold = { leftover: next, at: outcome.landGold.snapshot.at };
      this.touchedLands.add(land.id);
    }
    if (outcome.vault)
      this.setVault(land, outcome.vault.elemid, outcome.vault.snapshot, outcome.vault.delta, book);
    if (outcome.shards) this.addShards(land, outcome.shards.elemid, outcome.shards.delta, book);
    for (const [code, n] of Object.entries(outcome.items)) this.addItems(land, code, n, book);
    if (outcome.towerLevel) {
      land.towers[outcome.towerLevel.elemid] = outcome.towerLevel.level;
      this.touchedElements.add(`${land.id}:${outcome.towerLevel.elemid}`);
    }
    if (outcome.seal) {
      land.seals[outcome.seal.elemid] = outcome.seal.seals;
      this.touchedElements.add(`${land.id}:${outcome.seal.elemid}`);
    }
    if (outcome.residenceLandId !== null) this.move(hero, outcome.residenceLandId);
    if (outcome.refund)
      this.refund(land, outcome.refund, at, (e) => book(e, `mission_refund:${m.type}`));
    this.boards.add({ board: 'TOP_XP_GAINERS', profileId: m.profile_id, points: outcome.xp, at });
    this.boards.add({
      board: 'TOP_GOLD_CLAIMERS',
      profileId: m.profile_id,
      points: outcome.goldClaimed,
      at,
    });
    this.messages.push({
      profileId: m.profile_id,
      subject: outcome.report.subject,
      body: outcome.report.body,
      at,
    });
    this.results.push({ id: m.id, result: outcomeRecord(outcome) });
  }

  private setVault(
    land: BatchLand,
    el: Element,
    snapshot: VaultSnapshot,
    delta: number,
    book: Book,
  ) {
    const next = round6(snapshot.volume);
    book(
      { asset: 'vault', landId: land.id, element: el, delta: next - land.vault[el].volume - delta },
      'decay',
    );
    book({ asset: 'vault', landId: land.id, element: el, delta });
    land.vault[el] = { volume: next, at: snapshot.at };
    this.touchedElements.add(`${land.id}:${el}`);
  }

  private addShards(land: BatchLand, el: Element, delta: number, book: Book) {
    if (delta === 0) return;
    land.shards[el] += delta;
    this.touchedElements.add(`${land.id}:${el}`);
    book({ asset: 'shards', landId: land.id, element: el, delta });
  }

  private addItems(land: BatchLand, code: string, n: number, book: Book) {
    if (n === 0) return;
    const key = `${land.id}:${code}`;
    const d = this.itemDeltas.get(key) ?? { landId: land.id, code, delta: 0 };
    d.delta += n;
    this.itemDeltas.set(key, d);
    book({ asset: 'item', landId: land.id, itemCode: code, delta: n });
  }

  private move(hero: HeroState, landId: number) {
    const from = hero.residence?.landId;
    const old = from === undefined ? undefined : this.lands.get(from);
    if (old) old.residents -= 1;
    const target = this.lands.get(landId);
    if (target) target.residents += 1;
    this.heroes.set(
      hero.id,
      target
        ? { ...hero, residence: { landId, continent: target.continent, x: target.x, y: target.y } }
        : hero,
    );
    this.residences.set(hero.id, landId);
  }

  private refund(land: BatchLand, res: Reservation, at: Date, book: Book) {
    if (res.elemid !== null && res.elementals > 0) {
      const el = res.elemid;
      const change = addElementals(
        land.vault[el],
        land.seals[el],
        vaultCap(land.towers[el]),
        res.elementals,
        at.getTime(),
      );
      this.setVault(land, el, change.snapshot, change.amount, book);
    }
    if (res.elemid !== null && res.shards > 0) this.addShards(land, res.elemid, res.shards, book);
    for (const [code, n] of Object.entries(res.items)) this.addItems(land, code, n, book);
  }
}
