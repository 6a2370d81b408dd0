import {
  createRng,
  countsAsFinished,
  missionTypeMetric,
  growthOf,
  heroAt,
  heroXpFor,
  settleMission,
  type HeroState,
  type LandState,
  type MetricCount,
  type MissionOutcome,
  type MissionParams,
  type MissionType,
  type Reservation,
} from '@aleph/rules';
import type { MissionFinishedEvent } from '@aleph/contracts';
import { ChangeBook, type Cause } from '../../core/change-book.js';
import type { BookLand } from '../../core/change-flush.js';
import type { NewMessage } from '../../core/inbox.js';
import { outcomeLine, outcomeRecord, type OutcomeRecord } from '../../core/mission-outcome.js';

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
 * The effects of a batch of settlements, worked out in memory in ETA order (so two missions
 * on one land see each other's effects) and booked in the change book, which writes them
 * afterwards in a handful of set-based statements, exactly as it books any other change.
 */
export class SettlementBatch extends ChangeBook {
  readonly heroes = new Map<number, HeroState>();
  readonly residences = new Map<number, number>();
  /** Hero id -> hero XP gained in this batch and the new level, if one was reached. */
  readonly heroGrowth = new Map<number, { xp: number; level: number | null }>();
  /** Achievement metrics the batch moved (core/achievements.ts), counted at write. */
  readonly counts: MetricCount[] = [];
  readonly results: Array<{ id: number; result: OutcomeRecord }> = [];
  readonly messages: NewMessage[] = [];
  /** One per message, in the same order: `mission.finished`, its `reportId` still to come. */
  readonly finished: Array<{ profileId: number; event: MissionFinishedEvent }> = [];

  constructor(lands: readonly LandState[], heroes: readonly HeroState[]) {
    super(lands);
    for (const hero of heroes) this.heroes.set(hero.id, { ...hero, busy: false });
  }

  apply(m: DueMission): void {
    const land = this.lands.get(m.land_id);
    const loaded = this.heroes.get(m.hero_id);
    if (!land || !loaded) throw new Error(`mission ${m.id}: hero or land is gone`);
    const at = new Date(m.eta);
    // Skills as they were at the mission's end: a pot may have run out since.
    const hero = heroAt(loaded, at.getTime());
    const outcome = settleMission(
      { type: m.type, params: m.params, reservation: m.reservation },
      { land, hero },
      at.getTime(),
      createRng(Number(m.seed)),
    );
    const why = { cause: `mission:${m.type}`, causeId: m.id, at };
    this.profile(m.profile_id, { gold: outcome.treasuryGold, xp: outcome.xp }, why);
    if (outcome.landGold)
      this.landGold(land.id, outcome.landGold.snapshot, outcome.landGold.delta, why);
    if (outcome.vault)
      this.vault(land.id, outcome.vault.elemid, outcome.vault.snapshot, outcome.vault.delta, why);
    if (outcome.shards) this.shards(land.id, outcome.shards.elemid, outcome.shards.delta, why);
    this.items(land.id, outcome.items, why);
    if (outcome.towerLevel)
      this.tower(land.id, outcome.towerLevel.elemid, outcome.towerLevel.level);
    if (outcome.seal) this.seal(land.id, outcome.seal.elemid, outcome.seal.seals);
    if (outcome.sealSteps)
      this.sealSteps(land.id, outcome.sealSteps.elemid, outcome.sealSteps.steps);
    this.grow(hero, outcome);
    if (outcome.residenceLandId !== null) this.move(hero, outcome.residenceLandId);
    if (outcome.refund)
      this.refund(land, outcome.refund, { ...why, cause: `mission_refund:${m.type}` });
    this.score({ board: 'TOP_XP_GAINERS', profileId: m.profile_id, points: outcome.xp, at });
    this.score({
      board: 'TOP_GOLD_CLAIMERS',
      profileId: m.profile_id,
      points: outcome.goldClaimed,
      at,
    });
    this.countFinished(m.profile_id, m.type, outcome);
    this.messages.push({
      profileId: m.profile_id,
      subject: outcome.report.subject,
      body: outcome.report.body,
      kind: 'mission',
      at,
    });
    const result = outcomeRecord(outcome);
    this.results.push({ id: m.id, result });
    this.finished.push({
      profileId: m.profile_id,
      event: {
        missionId: m.id,
        missionType: m.type,
        heroId: hero.id,
        heroName: hero.name,
        landId: land.id,
        outcome: outcomeLine(result),
        reportId: null,
      },
    });
    this.events.heroChanged(m.profile_id, [hero.id]);
    this.events.landChanged(m.profile_id, [land.id]);
  }

  /** Hero XP (a fifth of the profile XP, at least 1) and a new level, written set-based. */
  private grow(hero: HeroState, outcome: MissionOutcome) {
    const xp = heroXpFor(outcome.xp);
    const g = this.heroGrowth.get(hero.id) ?? { xp: 0, level: null };
    g.xp += xp;
    if (outcome.heroLevel !== null) g.level = outcome.heroLevel;
    this.heroGrowth.set(hero.id, g);
    const growth = growthOf(hero);
    const next = { ...growth, xp: growth.xp + xp, level: outcome.heroLevel ?? growth.level };
    this.heroes.set(hero.id, { ...(this.heroes.get(hero.id) ?? hero), growth: next });
  }

  private countFinished(profileId: number, type: MissionType, outcome: MissionOutcome) {
    const count = (metric: MetricCount['metric'], amount: number) =>
      this.counts.push({ profileId, metric, amount });
    if (countsAsFinished(type, outcome.goldClaimed)) {
      count('missions_finished', 1);
      const typed = missionTypeMetric(type);
      if (typed) count(typed, 1);
    }
    if (type === 'UNIQUE') count('unique_missions', 1);
    count('gold_claimed', outcome.goldClaimed);
    if (outcome.towerLevel) count('tower_level_max', outcome.towerLevel.level);
    if (outcome.seal) count('seal_level_max', outcome.seal.seals);
    if (outcome.heroLevel !== null) count('hero_level_max', outcome.heroLevel);
  }

  private move(hero: HeroState, landId: number) {
    const from = hero.residence?.landId;
    const old = from === undefined ? undefined : this.lands.get(from);
    if (old) old.residents -= 1;
    const target = this.lands.get(landId);
    if (target) target.residents += 1;
    // Both lands' residents changed.
    this.events.landChanged(hero.ownerId, from === undefined ? [landId] : [from, landId]);
    this.heroes.set(
      hero.id,
      target
        ? { ...hero, residence: { landId, continent: target.continent, x: target.x, y: target.y } }
        : hero,
    );
    this.residences.set(hero.id, landId);
  }

  private refund(land: BookLand, res: Reservation, why: Cause) {
    if (res.elemid !== null && res.elementals > 0)
      this.addElementals(land.id, res.elemid, res.elementals, why);
    if (res.elemid !== null && res.shards > 0) this.shards(land.id, res.elemid, res.shards, why);
    this.items(land.id, res.items, why);
    if (res.gold) this.profile(land.ownerId, { gold: res.gold }, why);
  }
}
