import { eq } from 'drizzle-orm';
import { featuresFor, itemByCode, type Element } from '@aleph/rules';
import type { Db } from '../../db/client.js';
import { profiles } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { changeProfile, lockProfile } from '../../core/balances.js';
import { ChangeBook, type Cause } from '../../core/change-book.js';
import { PlayerEvents, writeEvents } from '../../core/events.js';
import { loadLand } from '../../core/state.js';

/**
 * Operator grants (the admin CLI, the demo world and tests use them). Every grant is booked
 * in the change book with cause 'grant' (or the caller's note), like any other balance change.
 */

export interface ProfileGrant {
  gold?: number;
  platinum?: number;
  xp?: number;
}

export async function grantToProfile(
  db: Db,
  profileId: number,
  grant: ProfileGrant,
  now: Date,
  note = 'grant',
) {
  await db.transaction(async (tx) => {
    await lockProfile(tx, profileId);
    await changeProfile(
      tx,
      profileId,
      { gold: grant.gold ?? 0, platinum: grant.platinum ?? 0, xp: grant.xp ?? 0 },
      { cause: note, at: now },
    );
  });
}

export interface LandGrant {
  items?: Record<string, number>;
  elementals?: { element: Element; amount: number };
  shards?: { element: Element; amount: number };
}

export async function grantToLand(
  db: Db,
  landId: number,
  grant: LandGrant,
  now: Date,
  note = 'grant',
) {
  for (const code of Object.keys(grant.items ?? {})) {
    if (!itemByCode(code)) throw badRequest('UNKNOWN_ITEM', `There is no item ${code}.`, 'items');
  }
  await db.transaction(async (tx) => {
    const land = await loadLand(tx, landId, true);
    if (!land) throw notFound('Land not found.');
    const why: Cause = { cause: note, at: now };
    const book = new ChangeBook([land]);
    if (grant.items) book.items(land.id, grant.items, why);
    if (grant.shards) book.shards(land.id, grant.shards.element, grant.shards.amount, why);
    if (grant.elementals)
      book.addElementals(land.id, grant.elementals.element, grant.elementals.amount, why);
    await book.flush(tx);
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
): Promise<string[]> {
  if (!Number.isInteger(level) || level < 0 || level > 10)
    throw badRequest('BAD_LEVEL', 'Level must be 0 to 10.', 'level');
  await db.transaction(async (tx) => {
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
    if (!updated) throw notFound('Profile not found');
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
