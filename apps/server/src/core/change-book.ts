import {
  addElementals,
  vaultCap,
  withdrawElementals,
  type Element,
  type GoldSnapshot,
  type LandState,
  type VaultSnapshot,
} from '@aleph/rules';
import type { Executor } from '../db/client.js';
import { BoardTally, type BoardPoints } from './boards.js';
import {
  flushBook,
  type BookContents,
  type BookLand,
  type ProfileDelta,
  type Quad,
} from './change-flush.js';
import { PlayerEvents } from './events.js';
import { round6, type LedgerEntry } from './ledger.js';

/** Why a balance changed: the ledger's cause, the row that caused it, and when. */
export interface Cause {
  cause: string;
  causeId?: string | number | null;
  at: Date;
}

export interface ProfileChange {
  gold?: number;
  platinum?: number;
  xp?: number;
  vipPoints?: number;
}

const causeOf = (why: Cause) => ({ cause: why.cause, causeId: why.causeId ?? null, at: why.at });

/**
 * The one place a balance of the game changes (docs/decisions/0003): every change is recorded
 * here in memory together with its ledger entries (and the board points it earns), then
 * `flush` writes them all in a fixed number of set-based statements, in the caller's
 * transaction, so
 * `balance == sum(ledger)` always holds. A mission start, a settlement batch of hundreds of
 * missions, a purchase, a grant and the demo world all book through it.
 *
 * Land balances are written as absolute values: every writer of a land holds its row lock
 * (loaded `for update` or claimed with the land). Profile balances are added to, since a
 * profile is not always locked. The database's CHECK constraints are the last line against a
 * negative balance.
 */
export class ChangeBook implements BookContents {
  readonly lands = new Map<number, BookLand>();
  readonly ledger: LedgerEntry[] = [];
  readonly profileDeltas = new Map<number, ProfileDelta>();
  /** Lands whose gold snapshot changed, and `landId:element` keys whose element row did. */
  readonly touchedLands = new Set<number>();
  readonly touchedElements = new Set<string>();
  readonly itemDeltas = new Map<string, { landId: number; code: string; delta: number }>();
  readonly boards = new BoardTally();
  /**
   * The transaction's push events: the flush adds `profile.changed` for every profile whose
   * balances it changed and `land.changed` for every land it wrote, then writes them all.
   */
  readonly events = new PlayerEvents();
  /** The latest time of the changes booked: when the events are stamped unless flush says. */
  latestAt: Date | null = null;

  constructor(lands: readonly LandState[] = []) {
    for (const land of lands) this.track(land);
  }

  /** Takes a (locked) land into the book; its later changes go through the book's copy. */
  track(land: LandState): BookLand {
    const known = this.lands.get(land.id);
    if (known) return known;
    const copy: BookLand = {
      ...land,
      towers: [...land.towers] as Quad<number>,
      seals: [...land.seals] as Quad<number>,
      improvements: [...(land.improvements ?? [0, 0, 0, 0])] as Quad<number>,
      shards: [...land.shards] as Quad<number>,
      vault: [...land.vault] as Quad<VaultSnapshot>,
    };
    this.lands.set(land.id, copy);
    return copy;
  }

  land(landId: number): BookLand {
    const land = this.lands.get(landId);
    if (!land) throw new Error(`land ${landId} is not in the change book`);
    return land;
  }

  private saw(why: Cause): void {
    if (!this.latestAt || why.at > this.latestAt) this.latestAt = why.at;
  }

  profile(profileId: number, change: ProfileChange, why: Cause): void {
    const gold = change.gold ?? 0;
    const platinum = change.platinum ?? 0;
    const xp = change.xp ?? 0;
    const vip = change.vipPoints ?? 0;
    if (gold === 0 && platinum === 0 && xp === 0 && vip === 0) return;
    const d = this.profileDeltas.get(profileId) ?? { gold: 0, platinum: 0, xp: 0, vip: 0 };
    d.gold += gold;
    d.platinum += platinum;
    d.xp += xp;
    d.vip += vip;
    this.profileDeltas.set(profileId, d);
    this.saw(why);
    const base = { profileId, ...causeOf(why) };
    if (gold !== 0) this.ledger.push({ ...base, asset: 'gold', delta: gold });
    if (platinum !== 0) this.ledger.push({ ...base, asset: 'platinum', delta: platinum });
    if (xp !== 0) this.ledger.push({ ...base, asset: 'xp', delta: xp });
    if (vip !== 0) this.ledger.push({ ...base, asset: 'vip', delta: vip });
  }

  /**
   * A new gold snapshot. The part of the change `delta` (what the caller moved) does not
   * explain is the land's production since the last snapshot, booked as `production`.
   */
  landGold(landId: number, snapshot: GoldSnapshot, delta: number, why: Cause): void {
    const land = this.land(landId);
    const next = round6(snapshot.leftover);
    this.saw(why);
    const base = { profileId: land.ownerId, asset: 'land_gold' as const, landId, ...causeOf(why) };
    this.ledger.push(
      { ...base, cause: 'production', delta: next - land.gold.leftover - delta },
      { ...base, delta },
    );
    land.gold = { leftover: next, at: snapshot.at };
    this.touchedLands.add(landId);
  }

  /** A new vault snapshot; what `delta` does not explain is decay, booked as `decay`. */
  vault(landId: number, el: Element, snapshot: VaultSnapshot, delta: number, why: Cause): void {
    const land = this.land(landId);
    const next = round6(snapshot.volume);
    this.saw(why);
    const base = {
      profileId: land.ownerId,
      asset: 'vault' as const,
      landId,
      element: el,
      ...causeOf(why),
    };
    this.ledger.push(
      { ...base, cause: 'decay', delta: next - land.vault[el].volume - delta },
      { ...base, delta },
    );
    land.vault[el] = { volume: next, at: snapshot.at };
    this.touchedElements.add(`${landId}:${el}`);
  }

  /** Elementals into a vault, as far as its cap takes them; answers how many went in. */
  addElementals(landId: number, el: Element, amount: number, why: Cause): number {
    const land = this.land(landId);
    const cap = vaultCap(land.towers[el]);
    const at = why.at.getTime();
    const change = addElementals(
      land.vault[el],
      land.seals[el],
      cap,
      amount,
      at,
      land.improvements[el],
    );
    this.vault(landId, el, change.snapshot, change.amount, why);
    return change.amount;
  }

  /** Elementals out of a vault; false, with nothing booked, when it holds fewer. */
  withdrawElementals(landId: number, el: Element, amount: number, why: Cause): boolean {
    const land = this.land(landId);
    const cap = vaultCap(land.towers[el]);
    const change = withdrawElementals(
      land.vault[el],
      land.seals[el],
      cap,
      amount,
      why.at.getTime(),
      land.improvements[el],
    );
    if (!change) return false;
    this.vault(landId, el, change.snapshot, -amount, why);
    return true;
  }

  shards(landId: number, el: Element, delta: number, why: Cause): void {
    if (delta === 0) return;
    const land = this.land(landId);
    land.shards[el] += delta;
    this.saw(why);
    this.touchedElements.add(`${landId}:${el}`);
    this.ledger.push({
      profileId: land.ownerId,
      asset: 'shards',
      landId,
      element: el,
      delta,
      ...causeOf(why),
    });
  }

  /** Adds (or, with negative counts, takes) items in a land's inventory. */
  items(landId: number, counts: Readonly<Record<string, number>>, why: Cause): void {
    const land = this.land(landId);
    for (const [code, delta] of Object.entries(counts)) {
      if (delta === 0) continue;
      const key = `${landId}:${code}`;
      const d = this.itemDeltas.get(key) ?? { landId, code, delta: 0 };
      d.delta += delta;
      this.itemDeltas.set(key, d);
      this.saw(why);
      this.ledger.push({
        profileId: land.ownerId,
        asset: 'item',
        landId,
        itemCode: code,
        delta,
        ...causeOf(why),
      });
    }
  }

  /** Tower levels and seals are not balances (no ledger); they ride along with the element. */
  tower(landId: number, el: Element, level: number): void {
    this.land(landId).towers[el] = level;
    this.touchedElements.add(`${landId}:${el}`);
  }

  seal(landId: number, el: Element, seals: number): void {
    this.land(landId).seals[el] = seals;
    this.touchedElements.add(`${landId}:${el}`);
  }

  /** Seal improvement steps (IMPROVESEAL), like seals: no ledger. */
  sealSteps(landId: number, el: Element, steps: number): void {
    this.land(landId).improvements[el] = steps;
    this.touchedElements.add(`${landId}:${el}`);
  }

  score(points: BoardPoints): void {
    this.boards.add(points);
  }

  /**
   * Writes everything booked, in the caller's transaction, its push events last. `bumpVersionsOf`:
   * the players whose cache versions the caller bumps itself, in the statement that books their
   * balances (the caller has set aleph.defer_versions); otherwise the tables' triggers bump
   * them. `at`: the app clock's now, the events' time (default: the latest change booked).
   */
  flush(
    tx: Executor,
    options: { bumpVersionsOf?: readonly number[]; at?: Date } = {},
  ): Promise<void> {
    return flushBook(tx, this, options.bumpVersionsOf ?? [], options.at ?? this.latestAt);
  }
}
