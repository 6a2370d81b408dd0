import { sql } from 'drizzle-orm';
import { AllianceErrorCode, type AllianceDone } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/pg-errors.js';
import { conflict } from '../../lib/errors.js';
import { alreadyMember, full } from './errors.js';
import {
  assertMayJoin,
  lockAlliance,
  nicknameOf,
  tellMembers,
  type LockedAlliance,
} from './membership-core.js';

const CONFIG = SOCIAL_CONFIG.alliances;

/**
 * A membership change in one transaction. Two joins of one player (to two alliances) are told
 * apart by `alliance_members`' primary key: the second is refused as "already in one".
 */
export async function inAllianceTx<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  try {
    return await db.transaction((tx) => work(tx));
  } catch (err) {
    if (uniqueViolationOf(err) === 'alliance_members_pkey') throw alreadyMember();
    throw err;
  }
}

/**
 * Adds a member to a locked alliance: the cap is read under the alliance's row lock, so 40
 * parallel joins of an alliance with 29 members make exactly one more. The player's open
 * applications and invitations elsewhere are moot and go.
 */
export async function addMember(
  tx: Executor,
  alliance: LockedAlliance,
  profileId: number,
  now: Date,
): Promise<void> {
  if (alliance.memberCount >= CONFIG.maxMembers) throw full(CONFIG.maxMembers);
  await tx.execute(sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
      values (${profileId}, ${alliance.id}, 'member', ${now})`);
  await tx.execute(
    sql`update alliances set member_count = member_count + 1 where id = ${alliance.id}`,
  );
  await tx.execute(sql`delete from alliance_requests where profile_id = ${profileId}`);
  const nickname = await nicknameOf(tx, profileId);
  await tellMembers(tx, { alliance, text: `${nickname} joined the alliance.` }, now);
}

/**
 * `POST /athar/alliances/{id}/join`: joins an open alliance, or accepts the caller's pending
 * invitation to any alliance (open or by application).
 */
export async function joinAlliance(
  db: Db,
  allianceId: number,
  profileId: number,
  now: Date,
): Promise<AllianceDone> {
  return inAllianceTx(db, async (tx) => {
    const alliance = await lockAlliance(tx, allianceId);
    const [invited] = await queryRows<{ kind: string }>(
      tx,
      sql`select kind from alliance_requests where alliance_id = ${allianceId}
          and profile_id = ${profileId} and kind = 'invitation'`,
    );
    if (!alliance.open && !invited) {
      throw conflict(
        AllianceErrorCode.closed,
        'This alliance takes members by application. Apply to it, or wait for an invitation.',
      );
    }
    await assertMayJoin(tx, profileId, allianceId, now);
    await addMember(tx, alliance, profileId, now);
    return { allianceId, role: 'member' };
  });
}

/** `POST /athar/alliances/{id}/apply { text? }`: asks to join an alliance by application. */
export async function applyToAlliance(
  db: Db,
  allianceId: number,
  profileId: number,
  text: string | undefined,
  now: Date,
): Promise<AllianceDone> {
  return inAllianceTx(db, async (tx) => {
    const alliance = await lockAlliance(tx, allianceId);
    if (alliance.open) {
      throw conflict(AllianceErrorCode.open, 'This alliance is open to all: join it directly.');
    }
    await assertMayJoin(tx, profileId, allianceId, now);
    const inserted = await queryRows<{ kind: string }>(
      tx,
      sql`insert into alliance_requests (alliance_id, profile_id, kind, text, created_at)
          values (${allianceId}, ${profileId}, 'application', ${text?.trim() || null}, ${now})
          on conflict (alliance_id, profile_id) do nothing returning kind`,
    );
    if (inserted.length === 0) {
      throw conflict(
        AllianceErrorCode.requestPending,
        'You have applied to this alliance already, or it has invited you (join to accept).',
      );
    }
    // Officers' open pages show the new application.
    await tellMembers(tx, { alliance, text: '', quiet: true }, now);
    return { allianceId, role: null };
  });
}
