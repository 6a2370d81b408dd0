import { GAME_CONFIG } from './config.js';
import { UNIQUE_CONFIG, type UniqueEventDraft, type UniqueReward } from './config-unique.js';
import { itemName } from './items.js';
import { MissionErrorCode as Code, missionError, type MissionError } from './mission-errors.js';
import type { HeroState, UniqueCheckState, UniqueEvent, UniqueSnapshot } from './model.js';
import { isoWeekKey, isoWeekStart } from './time.js';
import { valueAt } from './util.js';
import { rarityName, skillName } from './world.js';

export type UniqueStatus = 'coming' | 'open' | 'ended';

/** Open from `startsAt` (inclusive) to `endsAt` (exclusive), unless closed early. */
export function uniqueStatus(
  event: Pick<UniqueEvent, 'startsAt' | 'endsAt' | 'closed'>,
  now: number,
): UniqueStatus {
  if (event.closed || now >= event.endsAt) return 'ended';
  return now < event.startsAt ? 'coming' : 'open';
}

export function uniqueSnapshot(event: UniqueEvent): UniqueSnapshot {
  return { eventid: event.id, name: event.name, reward: event.reward, duration: event.duration };
}

/** 'Strength 70', with ', Epic or rarer' when a rarity is required. */
export function requirementText(event: Pick<UniqueEventDraft, 'requirement'>): string {
  const { skill, min, minRarity } = event.requirement;
  const rarity = minRarity === null ? '' : `, ${rarityName(minRarity)} or rarer`;
  return `${skillName(skill)} ${min}${rarity}`;
}

/** The reward as short lines: '2000 gold', '3 x Fire Seal', '6000 XP'. */
export function rewardLines(reward: UniqueReward): string[] {
  const items = Object.entries(reward.items).map(([code, n]) => `${n} x ${itemName(code)}`);
  return [...(reward.gold > 0 ? [`${reward.gold} gold`] : []), ...items, `${reward.xp} XP`];
}

/** Whether a hero meets the event's requirement (busy or not). */
export function meetsRequirement(
  event: Pick<UniqueEventDraft, 'requirement'>,
  hero: Pick<HeroState, 'skills' | 'rarity'>,
): boolean {
  const { skill, min, minRarity } = event.requirement;
  return hero.skills[skill] >= min && (minRarity === null || hero.rarity >= minRarity);
}

/**
 * Why a hero cannot join an event now, or null: the event exists and is open, has a place
 * left, the caller has sent no hero to it yet, and the hero meets the requirement. Ownership,
 * the level gate and an idle hero are judged before this, with every other mission.
 */
export function uniqueRefusal(
  state: UniqueCheckState | undefined,
  hero: HeroState,
  now: number,
): MissionError | null {
  const event = state?.event ?? null;
  if (event === null)
    return missionError(Code.uniqueNotFound, 'There is no such unique mission.', 'eventid');
  const status = uniqueStatus(event, now);
  if (status === 'coming')
    return missionError(Code.uniqueNotOpen, `${event.name} has not opened yet.`, 'eventid');
  if (status === 'ended')
    return missionError(Code.uniqueClosed, `${event.name} is over.`, 'eventid');
  if ((state?.joinedHeroId ?? null) !== null)
    return missionError(Code.uniqueJoined, `You already sent a hero to ${event.name}.`, 'eventid');
  if (event.placesLeft <= 0)
    return missionError(Code.uniqueFull, `Every place of ${event.name} is taken.`, 'eventid');
  if (!meetsRequirement(event, hero)) {
    const { skill } = event.requirement;
    const message = `${event.name} needs ${requirementText(event)}; ${hero.name} has ${skillName(skill)} ${hero.skills[skill]}${event.requirement.minRarity === null ? '' : ` and is ${rarityName(hero.rarity)}`}.`;
    return missionError(Code.uniqueRequirement, message, 'heroid');
  }
  return null;
}

/** The ISO week number (1..53) of `now`. */
export function isoWeekNumber(now: number): number {
  return Number(isoWeekKey(now).slice(-2));
}

/** The event the default rotation runs in the ISO week of `now`: Monday 00:00 to Monday 00:00 UTC. */
export interface RotationEvent {
  readonly weekKey: string;
  readonly startsAt: number;
  readonly endsAt: number;
  readonly draft: UniqueEventDraft;
}

export function rotationEvent(now: number): RotationEvent {
  const table = UNIQUE_CONFIG.rotation.events;
  const startsAt = isoWeekStart(now);
  const draft = valueAt(table, isoWeekNumber(now) % table.length, 'rotation event');
  const { msPerDay, daysPerWeek } = GAME_CONFIG.time;
  return { weekKey: isoWeekKey(now), startsAt, endsAt: startsAt + daysPerWeek * msPerDay, draft };
}
