import { sql } from 'drizzle-orm';
import { AllianceErrorCode, type AllianceDone } from '@aleph/contracts';
import { mayAct, successorOf, type AllianceAction, type AllianceMemberRole } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { memberNotFound, notAllowed, notMember } from './errors.js';
import { inAllianceTx } from './join.js';
import {
  lockAlliance,
  nicknameOf,
  roleIn,
  tellMembers,
  type LockedAlliance,
} from './membership-core.js';

/** Takes a member out: the count follows, and the wait before joining another starts. */
async function removeMember(tx: Executor, alliance: LockedAlliance, profileId: number, now: Date) {
  await tx.execute(sql`delete from alliance_members where profile_id = ${profileId}`);
  await tx.execute(
    sql`update alliances set member_count = member_count - 1 where id = ${alliance.id}`,
  );
  await tx.execute(sql`insert into alliance_departures (profile_id, alliance_id, left_at)
      values (${profileId}, ${alliance.id}, ${now})
      on conflict (profile_id) do update set alliance_id = excluded.alliance_id, left_at = excluded.left_at`);
}

/**
 * `POST /athar/alliances/{id}/leave`. A leader who leaves is succeeded by the longest-serving
 * officer, else the longest-serving member; the last member leaving dissolves the alliance
 * (its name and tag are free again, its open requests go).
 */
export async function leaveAlliance(
  db: Db,
  allianceId: number,
  profileId: number,
  now: Date,
): Promise<AllianceDone> {
  return inAllianceTx(db, async (tx) => {
    const alliance = await lockAlliance(tx, allianceId);
    const role = await roleIn(tx, allianceId, profileId);
    if (!role) throw notMember();
    const nickname = await nicknameOf(tx, profileId);
    let text = `${nickname} left the alliance.`;
    if (role === 'leader') {
      const rows = await queryRows<{
        id: number;
        role: AllianceMemberRole;
        joined_at: Date | string;
      }>(
        tx,
        sql`select profile_id as id, role, joined_at from alliance_members where alliance_id = ${allianceId}`,
      );
      const next = successorOf(
        rows.map((r) => ({
          profileId: Number(r.id),
          role: r.role,
          joinedAt: new Date(r.joined_at).getTime(),
        })),
        profileId,
      );
      await removeMember(tx, alliance, profileId, now);
      if (next === null) {
        await tx.execute(sql`update alliances set dissolved_at = ${now} where id = ${allianceId}`);
        await tx.execute(sql`delete from alliance_requests where alliance_id = ${allianceId}`);
        text = `${nickname} left, and the alliance is dissolved.`;
      } else {
        await tx.execute(
          sql`update alliance_members set role = 'leader' where profile_id = ${next}`,
        );
        text = `${nickname} left the alliance. ${await nicknameOf(tx, next)} leads it now.`;
      }
    } else {
      await removeMember(tx, alliance, profileId, now);
    }
    await tellMembers(tx, { alliance, text, also: [profileId] }, now);
    return { allianceId, role: null };
  });
}

const VERB: Partial<Record<AllianceAction, string>> = {
  kick: 'remove this member',
  promote: 'promote this member',
  demote: 'demote this member',
  handOver: 'hand the leadership to this member',
};

/** Locks the alliance and checks `actor` may `action` the member `target` (403, 404, 400). */
async function actOnMember(
  tx: Executor,
  allianceId: number,
  actorId: number,
  targetId: number,
  action: AllianceAction,
) {
  const alliance = await lockAlliance(tx, allianceId);
  const actor = await roleIn(tx, allianceId, actorId);
  const mayEver = (['officer', 'member'] as const).some((t) => mayAct(actor, action, t));
  if (!mayEver) throw notAllowed(VERB[action] ?? action);
  if (targetId === actorId) {
    throw badRequest(
      AllianceErrorCode.notOnYourself,
      'Choose another member than yourself.',
      'profileid',
    );
  }
  const target = await roleIn(tx, allianceId, targetId);
  if (!target) throw memberNotFound();
  if (!mayAct(actor, action, target)) throw notAllowed(VERB[action] ?? action);
  return { alliance, actor: actor!, target, nickname: await nicknameOf(tx, targetId) };
}

/** `POST /athar/alliances/{id}/members/{profileid}/kick`: officers kick members, the leader anyone. */
export async function kickMember(
  db: Db,
  allianceId: number,
  actorId: number,
  targetId: number,
  now: Date,
) {
  return inAllianceTx(db, async (tx) => {
    const { alliance, actor, nickname } = await actOnMember(
      tx,
      allianceId,
      actorId,
      targetId,
      'kick',
    );
    await removeMember(tx, alliance, targetId, now);
    const by = await nicknameOf(tx, actorId);
    await tellMembers(
      tx,
      { alliance, text: `${nickname} was removed from the alliance by ${by}.`, also: [targetId] },
      now,
    );
    return { allianceId, role: actor } satisfies AllianceDone;
  });
}

/** `/promote` (member to officer) and `/demote` (officer to member): the leader only. */
export async function changeRank(
  db: Db,
  allianceId: number,
  actorId: number,
  targetId: number,
  action: 'promote' | 'demote',
  now: Date,
): Promise<AllianceDone> {
  return inAllianceTx(db, async (tx) => {
    const { alliance, actor, nickname } = await actOnMember(
      tx,
      allianceId,
      actorId,
      targetId,
      action,
    );
    const role = action === 'promote' ? 'officer' : 'member';
    await tx.execute(
      sql`update alliance_members set role = ${role} where profile_id = ${targetId}`,
    );
    const text =
      action === 'promote'
        ? `${nickname} is now an officer.`
        : `${nickname} is no longer an officer.`;
    await tellMembers(tx, { alliance, text }, now);
    return { allianceId, role: actor };
  });
}

/** `POST /athar/alliances/{id}/leader { profileid }`: the leader hands over and becomes an officer. */
export async function handOverLeadership(
  db: Db,
  allianceId: number,
  actorId: number,
  targetId: number,
  now: Date,
): Promise<AllianceDone> {
  return inAllianceTx(db, async (tx) => {
    const { alliance, nickname } = await actOnMember(tx, allianceId, actorId, targetId, 'handOver');
    // One leader per alliance (a unique index): the old one steps down first.
    await tx.execute(
      sql`update alliance_members set role = 'officer' where profile_id = ${actorId}`,
    );
    await tx.execute(
      sql`update alliance_members set role = 'leader' where profile_id = ${targetId}`,
    );
    const by = await nicknameOf(tx, actorId);
    await tellMembers(
      tx,
      { alliance, text: `${nickname} leads the alliance now, handed over by ${by}.` },
      now,
    );
    return { allianceId, role: 'officer' };
  });
}
