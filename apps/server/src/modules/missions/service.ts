import { drawSeed } from '../../lib/seed-source.js';
import { sql } from 'drizzle-orm';
import {
  checkMission,
  MISSION_TYPES as RULE_TYPES,
  MissionErrorCode,
  utcDayKey,
  type MissionCheck,
  type MissionError,
  type MissionType,
} from '@aleph/rules';
import type {
  MissionBody,
  MissionCheckResponse,
  MissionStartResponse,
  RunningMission,
} from '@aleph/contracts';
import { preparedRows, queryRows, type Db, type Tx } from '../../db/client.js';
import { dailyUsage, missions } from '../../db/schema.js';
import { uniqueViolationOf } from '../../db/pg-errors.js';
import { withRetry } from '../../db/retry.js';
import { AppError } from '../../lib/errors.js';
import { ChangeBook } from '../../core/change-book.js';
import { assertMissionNotListed } from '../../core/escrow.js';
import { heroNotFound, landNotFound } from '../../core/not-found.js';
import { DAILY_KINDS, loadCheckInput } from './check-input.js';
import { uncached, type Cached } from '../../lib/profile-cache.js';
import { joinUniqueEvent, withUniqueEvent } from '../unique/join.js';

/** How a refusal of the rules maps onto HTTP at start. */
const STATUS: Record<string, number> = {
  [MissionErrorCode.notYourLand]: 404,
  [MissionErrorCode.notYourHero]: 404,
  [MissionErrorCode.featureLocked]: 403,
  [MissionErrorCode.unknownMission]: 400,
  [MissionErrorCode.badElement]: 400,
  [MissionErrorCode.badParam]: 400,
  [MissionErrorCode.uniqueNotFound]: 404,
};

function refusal(error: MissionError): AppError {
  if (error.code === MissionErrorCode.notYourLand) return landNotFound();
  if (error.code === MissionErrorCode.notYourHero) return heroNotFound();
  return new AppError(STATUS[error.code] ?? 409, error.code, error.message, error.field);
}

function toResponse(check: MissionCheck): MissionCheckResponse {
  const { error, ...rest } = check.result;
  return error
    ? {
        ...rest,
        error: error.message,
        errorCode: error.code,
        ...(error.field ? { field: error.field } : {}),
      }
    : rest;
}

export async function checkMissionFor(
  db: Db,
  profileId: number,
  body: MissionBody,
  now: Date,
  cached: Cached = uncached,
) {
  const input = await withUniqueEvent(
    db,
    profileId,
    await loadCheckInput(db, profileId, body, now, false, cached),
    body.eventid,
  );
  const check = checkMission(input, now.getTime());
  if (check.result.error?.code === MissionErrorCode.notYourLand) throw landNotFound();
  if (check.result.error?.code === MissionErrorCode.notYourHero) throw heroNotFound();
  // The start's escrow refusal (HERO_LISTED, LAND_LISTED) comes before the rules' refusals,
  // there as here, so the check says what the start would answer.
  const listed = await listedRefusal(db, body.heroid, body.landid);
  if (!listed) return toResponse(check);
  const { error: _ruleRefusal, ...rest } = check.result;
  return {
    ...rest,
    ok: false,
    error: listed.message,
    errorCode: listed.code,
    ...(listed.field ? { field: listed.field } : {}),
  };
}

/** The refusal a mission start would meet for a listed hero or land, or null. */
async function listedRefusal(db: Db, heroId: number, landId: number) {
  try {
    await assertMissionNotListed(db, heroId, landId);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

/** Postgres unique violations that the partial indexes raise for a second running mission. */
function raceRefusal(err: unknown): AppError | undefined {
  const constraint = uniqueViolationOf(err);
  if (constraint === undefined) return undefined;
  if (constraint === 'missions_one_goldclaim_per_land') {
    return new AppError(
      409,
      MissionErrorCode.claimRunning,
      'Gold is already being claimed on this land.',
    );
  }
  if (constraint === 'daily_usage_profile_id_kind_day_pk') {
    return new AppError(
      409,
      MissionErrorCode.dailyLimit,
      'You have already started this mission today.',
    );
  }
  return new AppError(409, MissionErrorCode.heroBusy, 'This hero is already on a mission.');
}

/**
 * Validates and reserves in one transaction: the hero becomes busy, ingredients leave their
 * balances (booked in a change book, with ledger entries), and the once-a-day key is taken.
 */
export async function startMission(
  db: Db,
  profileId: number,
  body: MissionBody,
  now: Date,
): Promise<MissionStartResponse> {
  try {
    return await withRetry(() =>
      db.transaction(async (tx) => {
        const input = await withUniqueEvent(
          tx,
          profileId,
          await loadCheckInput(tx, profileId, body, now, true),
          body.eventid,
        );
        // A listed hero or land is frozen (core/escrow.ts); judged under the locks just taken.
        await assertMissionNotListed(tx, body.heroid, body.landid);
        const check = checkMission(input, now.getTime());
        if (check.result.error || !check.reservation)
          throw refusal(check.result.error ?? unexpected());
        const type = body.missionType as MissionType;
        const res = check.reservation;
        const eta = new Date(check.etaAt);
        const [mission] = await tx
          .insert(missions)
          .values({
            profileId,
            heroId: body.heroid,
            landId: body.landid,
            type,
            params: input.params,
            seed: drawSeed(),
            reservation: res,
            startedAt: now,
            eta,
            status: 'running',
          })
          .returning({ id: missions.id });
        if (!mission) throw new Error('mission insert returned no row');
        const why = { cause: `mission_start:${type}`, causeId: mission.id, at: now };
        const land = input.land;
        const book = new ChangeBook([land]);
        if (
          res.elemid !== null &&
          res.elementals > 0 &&
          !book.withdrawElementals(land.id, res.elemid, res.elementals, why)
        )
          throw refusal({
            code: MissionErrorCode.ingredientsMissing,
            message: 'Not enough elementals.',
          });
        if (res.elemid !== null && res.shards > 0)
          book.shards(land.id, res.elemid, -res.shards, why);
        const taken = Object.fromEntries(Object.entries(res.items).map(([code, n]) => [code, -n]));
        book.items(land.id, taken, why);
        if (res.gold) {
          // Treasury gold (HEROLEVELUP): the profile row is locked after the hero and the land,
          // the order settlement takes them in, and judged again under the lock.
          await lockTreasury(tx, profileId, res.gold);
          book.profile(profileId, { gold: -res.gold }, why);
        }
        // The hero is busy now, and the land's missions changed even when nothing was taken.
        book.events.heroChanged(profileId, [body.heroid]);
        book.events.landChanged(profileId, [land.id]);
        await book.flush(tx, { at: now });
        if (type === 'UNIQUE' && body.eventid !== undefined) {
          const entry = { eventId: body.eventid, profileId, heroId: body.heroid, at: now };
          await joinUniqueEvent(tx, { ...entry, missionId: mission.id });
        }
        const kind = DAILY_KINDS[type];
        if (kind) {
          await tx
            .insert(dailyUsage)
            .values({ profileId, kind, day: utcDayKey(now.getTime()), missionId: mission.id });
        }
        return {
          ok: true as const,
          missionid: mission.id,
          missionType: type,
          landid: body.landid,
          heroid: body.heroid,
          eta: eta.toISOString(),
          minutes: check.result.eta.minutes,
        };
      }),
    );
  } catch (err) {
    throw raceRefusal(err) ?? err;
  }
}

async function lockTreasury(tx: Tx, profileId: number, gold: number) {
  const [row] = await queryRows<{ gold: number | string }>(
    tx,
    sql`select gold from profiles where id = ${profileId} for no key update`,
  );
  if (!row || Number(row.gold) < gold) {
    throw new AppError(
      409,
      MissionErrorCode.ingredientsMissing,
      `Not enough: ${gold} treasury gold (you have ${Math.floor(Number(row?.gold ?? 0))}).`,
    );
  }
}

function unexpected(): MissionError {
  return { code: MissionErrorCode.badParam, message: 'The mission cannot start.' };
}

export async function runningMissions(db: Db, profileId: number): Promise<RunningMission[]> {
  const rows = await preparedRows<{
    id: number;
    type: MissionType;
    land_id: number;
    hero_id: number;
    eta: Date | string;
  }>(
    db,
    'running_missions',
    sql`select id, type, land_id, hero_id, eta from missions
        where profile_id = ${profileId} and status = 'running' order by eta, id`,
  );
  return rows.map((r) => ({
    missionid: r.id,
    missionType: r.type,
    desc_name: RULE_TYPES[r.type].missionName,
    landid: r.land_id,
    heroid: r.hero_id,
    eta: new Date(r.eta).toISOString(),
  }));
}
