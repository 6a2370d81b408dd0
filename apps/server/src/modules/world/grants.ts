import { eq, sql } from 'drizzle-orm';
import { ELEMENT_NAMES, featuresFor, itemByCode, type Element } from '@aleph/rules';
import { StaffErrorCode } from '@aleph/contracts';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { profiles } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { changeProfile } from '../../core/balances.js';
import { ChangeBook, type Cause } from '../../core/change-book.js';
import { PlayerEvents, writeEvents } from '../../core/events.js';
import { landNotFound } from '../../core/not-found.js';
import { loadLand, lockOwnLand } from '../../core/state.js';
import { recordStaffAction, reserveStaffLogId, type StaffRecord } from '../../core/staff-log.js';

/**
 * Operator grants (the admin CLI, the console, the demo world and tests use them). Every grant is
 * booked in the change book with cause 'grant' (or the caller's note), like any other balance
 * change. A staff grant (`staff`) is also written to the staff log in the same transaction, and
 * its ledger entries name that row (cause id), so a player's ledger says which action it was.
 * Negative amounts take back; one that would leave a balance below zero changes nothing (409).
 */

/** A grant by staff: who and why, and more work in the grant's transaction (a notice). */
export interface StaffGrant extends StaffRecord {
  also?: (tx: Tx, staffLogId: number) => Promise<void>;
}

export interface ProfileGrant {
  gold?: number;
  platinum?: number;
  xp?: number;
}

const tooLow = (what: string, field: string) =>
  conflict(StaffErrorCode.balanceTooLow, `The player has less ${what} than that.`, field);

/** Answers the staff-log row's id for a staff grant, else null. */
export async function grantToProfile(
  db: Db,
  profileId: number,
  grant: ProfileGrant,
  now: Date,
  note = 'grant',
  staff?: StaffGrant,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<{ gold: number; platinum: number; xp: number }>(
      tx,
      sql`select gold::float8 as gold, platinum::float8 as platinum, xp::float8 as xp
        from profiles where id = ${profileId} for update`,
    );
    if (!before) throw notFound('Profile not found.');
    const change = { gold: grant.gold ?? 0, platinum: grant.platinum ?? 0, xp: grant.xp ?? 0 };
    const after = {
      gold: Number(before.gold) + change.gold,
      platinum: Number(before.platinum) + change.platinum,
      xp: Number(before.xp) + change.xp,
    };
    for (const kind of ['gold', 'platinum', 'xp'] as const) {
      if (after[kind] < 0) throw tooLow(kind === 'xp' ? 'XP' : kind, 'amount');
    }
    const staffLogId = staff ? await reserveStaffLogId(tx) : null;
    await changeProfile(tx, profileId, change, { cause: note, causeId: staffLogId, at: now });
    if (staff && staffLogId !== null) {
      await recordStaffAction(tx, {
        id: staffLogId,
        actor: staff.actor,
        action: 'grant',
        targetUserId: profileId,
        reason: staff.reason,
        details: { grant: change, before, after },
        at: now,
      });
      await staff.also?.(tx, staffLogId);
    }
    return staffLogId;
  });
}

export interface LandGrant {
  items?: Record<string, number>;
  elementals?: { element: Element; amount: number };
  shards?: { element: Element; amount: number };
}

/**
 * A land grant. A staff grant names the owner (`ownerId`): a land of anyone else is 404 like
 * one that does not exist. Answers the staff-log row's id for a staff grant, else null.
 */
export async function grantToLand(
  db: Db,
  landId: number,
  grant: LandGrant,
  now: Date,
  note = 'grant',
  staff?: StaffGrant & { ownerId: number },
): Promise<number | null> {
  for (const code of Object.keys(grant.items ?? {})) {
    if (!itemByCode(code)) throw badRequest('UNKNOWN_ITEM', `There is no item ${code}.`, 'items');
  }
  return db.transaction(async (tx) => {
    const land = staff
      ? await lockOwnLand(tx, landId, staff.ownerId)
      : await loadLand(tx, landId, true);
    if (!land) throw staff ? landNotFound() : notFound('Land not found.');
    const staffLogId = staff ? await reserveStaffLogId(tx) : null;
    const why: Cause = { cause: note, causeId: staffLogId, at: now };
    const book = new ChangeBook([land]);
    const changes: Record<string, unknown>[] = [];
    if (grant.items) {
      const held = await queryRows<{ item_code: string; balance: number }>(
        tx,
        sql`select item_code, balance::float8 as balance from land_items where land_id = ${landId}`,
      );
      for (const [code, delta] of Object.entries(grant.items)) {
        const before = Number(held.find((h) => h.item_code === code)?.balance ?? 0);
        if (before + delta < 0) throw tooLow(code, 'amount');
        changes.push({ item: code, before, after: before + delta });
      }
      book.items(land.id, grant.items, why);
    }
    if (grant.shards) {
      const { element, amount } = grant.shards;
      const before = land.shards[element];
      if (before + amount < 0) throw tooLow(`${ELEMENT_NAMES[element]} shards`, 'amount');
      changes.push({ shards: element, before, after: before + amount });
      book.shards(land.id, element, amount, why);
    }
    if (grant.elementals) {
      const { element, amount } = grant.elementals;
      if (amount >= 0) {
        const added = book.addElementals(land.id, element, amount, why);
        changes.push({ elementals: element, requested: amount, applied: added });
      } else if (book.withdrawElementals(land.id, element, -amount, why)) {
        changes.push({ elementals: element, requested: amount, applied: amount });
      } else {
        throw tooLow(`${ELEMENT_NAMES[element]} elementals`, 'amount');
      }
    }
    await book.flush(tx);
    if (staff && staffLogId !== null) {
      await recordStaffAction(tx, {
        id: staffLogId,
        actor: staff.actor,
        action: 'grant',
        targetUserId: staff.ownerId,
        reason: staff.reason,
        details: { landId, changes },
        at: now,
      });
      await staff.also?.(tx, staffLogId);
    }
    return staffLogId;
  });
}

/**
 * Sets a profile's level directly (operators and tests; players level up through the
 * PROFILELEVELUP workflow). Levels are not a ledger balance: XP is.
 */
export async function setProfileLevel(
  db: Db,
  profileId: number,
  level: number,
  now: Date,
  staff?: StaffRecord,
): Promise<string[]> {
  if (!Number.isInteger(level) || level < 0 || level > 10)
    throw badRequest('BAD_LEVEL', 'Level must be 0 to 10.', 'level');
  await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ level: profiles.level })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for('no key update');
    const [updated] = await tx
      .update(profiles)
      .set({ level })
      .where(eq(profiles.id, profileId))
      .returning({
        gold: profiles.gold,
        platinum: profiles.platinum,
        xp: profiles.xp,
        level: profiles.level,
      });
    if (!updated || !old) throw notFound('Profile not found');
    if (staff) {
      await recordStaffAction(tx, {
        ...staff,
        action: 'level.set',
        targetUserId: profileId,
        details: { before: { level: old.level }, after: { level } },
        at: now,
      });
    }
    // The player's open pages hear of the new level (docs/api.md, "Push").
    const events = new PlayerEvents();
    events.profileChanged(profileId, {
      gold: Number(updated.gold),
      platinum: Number(updated.platinum),
      xp: Number(updated.xp),
      level: updated.level,
    });
    await writeEvents(tx, events, now);
  });
  return featuresFor(level);
}
