import {
  GAME_CONFIG,
  type Rarity,
  type Skill,
  uniqueDraftProblem,
  type UniqueEventDraft,
} from '@aleph/rules';
import type { LuckyOpenBody, StaffLevelBody, UniqueCreateBody } from '@aleph/contracts';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { recordStaffAction, reserveStaffLogId } from '../../core/staff-log.js';
import { closeLuckyEvents, openLuckyEvent } from '../../modules/economy/lucky.js';
import { announce } from '../../modules/messages/announce.js';
import { closeUniqueEvent, createUniqueEvent } from '../../modules/unique/admin.js';
import { setProfileLevel } from '../../modules/world/grants.js';
import type { Staff } from './accounts.js';
import { futureTime, lockTarget } from './target.js';

/**
 * The operator CLI's tools in the console (admins): the same service functions as the CLI
 * commands, each writing its staff-log row in its own transaction, whose id it answers.
 */

/** `POST /diwan/announcements`: the CLI's `announce`. */
export async function staffAnnounce(
  db: Db,
  body: { subject: string; body: string },
  staff: Staff,
  now: Date,
): Promise<number> {
  const id = await reserveStaffLogId(db);
  await announce(db, { subject: body.subject, body: body.body }, now, { staff: { ...staff, id } });
  return id;
}

/** `POST /diwan/players/{id}/level`: the CLI's `level set`. */
export async function staffSetLevel(
  db: Db,
  targetId: number,
  body: StaffLevelBody,
  staff: Staff,
  now: Date,
): Promise<number> {
  await db.transaction((tx) => lockTarget(tx, targetId, staff.actor));
  const id = await reserveStaffLogId(db);
  await setProfileLevel(db, targetId, body.level, now, { ...staff, id });
  return id;
}

/** `POST /diwan/luckycoin`: the CLI's `luckycoin open`. */
export async function staffOpenLucky(db: Db, body: LuckyOpenBody, staff: Staff, now: Date) {
  const id = await reserveStaffLogId(db);
  await openLuckyEvent(db, now, body.hours, body.note?.trim() || null, { ...staff, id });
  return id;
}

/** `POST /diwan/luckycoin/close`: the CLI's `luckycoin close`. */
export async function staffCloseLucky(db: Db, staff: Staff, now: Date) {
  const id = await reserveStaffLogId(db);
  await closeLuckyEvents(db, now, { ...staff, id });
  return id;
}

/** The rules' field names for a draft's problem, as the body names them. */
const FIELD_OF: Record<string, string> = {
  'duration-skill': 'durationSkill',
  gold: 'reward',
  xp: 'reward',
  items: 'reward',
};

/** `POST /diwan/unique`: the CLI's `unique create`, checked by the same rules. */
export async function staffCreateUnique(
  db: Db,
  body: UniqueCreateBody,
  staff: Staff,
  now: Date,
): Promise<number> {
  const start = body.start === undefined ? now : new Date(body.start);
  const end = futureTime(body.end, now, 'end');
  if (Number.isNaN(start.getTime())) {
    throw badRequest('VALIDATION_ERROR', 'start must be a date and time (ISO 8601).', 'start');
  }
  const draft: UniqueEventDraft = {
    name: body.name,
    description: body.description ?? '',
    places: body.places,
    requirement: {
      skill: body.skill as Skill,
      min: body.min,
      minRarity: body.rarity === undefined ? null : (body.rarity as Rarity),
    },
    reward: { gold: body.reward.gold, xp: body.reward.xp, items: body.reward.items ?? {} },
    duration: {
      baseMinutes: body.minutes ?? GAME_CONFIG.unique.mission.baseMinutes,
      skill: (body.durationSkill ?? body.skill) as Skill,
    },
  };
  const problem = uniqueDraftProblem(draft, start.getTime(), end.getTime(), now.getTime());
  if (problem) {
    throw badRequest('VALIDATION_ERROR', problem.message, FIELD_OF[problem.field] ?? problem.field);
  }
  return db.transaction(async (tx) => {
    const eventId = await createUniqueEvent(tx, draft, start, end, now);
    return recordStaffAction(tx, {
      ...staff,
      action: 'unique.create',
      details: {
        id: eventId,
        name: draft.name.trim(),
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        places: draft.places,
        reward: draft.reward,
      },
      at: now,
    });
  });
}

/** `POST /diwan/unique/{id}/close`: the CLI's `unique close` (404 for no such event). */
export async function staffCloseUnique(db: Db, eventId: number, staff: Staff, now: Date) {
  return db.transaction(async (tx) => {
    const closed = await closeUniqueEvent(tx, eventId, now);
    return recordStaffAction(tx, {
      ...staff,
      action: 'unique.close',
      details: { id: eventId, closed },
      at: now,
    });
  });
}
