import { sql } from 'drizzle-orm';
import { AllianceErrorCode, ErrorCode, type AllianceDone } from '@aleph/contracts';
import { mayAct, SOCIAL_CONFIG, type AllianceAction } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { AppError, conflict } from '../../lib/errors.js';
import { writeMessages } from '../../core/inbox.js';
import { alreadyMember, notAllowed } from './errors.js';
import { addMember, inAllianceTx } from './join.js';
import { assertMayJoin, lockAlliance, nicknameOf, roleIn, tellMembers } from './membership-core.js';

const WHAT: Record<string, string> = {
  invite: 'invite players',
  accept: 'accept applications',
  refuse: 'refuse applications',
};

/** The caller's role, refused (403) unless it may `action` a non-member. */
async function assertStaff(
  tx: Executor,
  allianceId: number,
  actorId: number,
  action: AllianceAction,
) {
  const role = await roleIn(tx, allianceId, actorId);
  if (!mayAct(role, action, null)) throw notAllowed(WHAT[action] ?? action);
}

const requestNotFound = () =>
  new AppError(
    404,
    AllianceErrorCode.requestNotFound,
    'This player has no open application to this alliance.',
    'profileid',
  );

/** Removes the player's application; answers whether there was one. */
async function takeApplication(tx: Executor, allianceId: number, profileId: number) {
  const gone = await queryRows<{ kind: string }>(
    tx,
    sql`delete from alliance_requests where alliance_id = ${allianceId}
        and profile_id = ${profileId} and kind = 'application' returning kind`,
  );
  return gone.length > 0;
}

/** `POST /athar/alliances/{id}/applications/{profileid}/accept` (officers, leader). */
export async function acceptApplication(
  db: Db,
  allianceId: number,
  actorId: number,
  profileId: number,
  now: Date,
): Promise<AllianceDone> {
  return inAllianceTx(db, async (tx) => {
    const alliance = await lockAlliance(tx, allianceId);
    await assertStaff(tx, allianceId, actorId, 'accept');
    if (!(await takeApplication(tx, allianceId, profileId))) throw requestNotFound();
    await assertMayJoin(tx, profileId, allianceId, now);
    await addMember(tx, alliance, profileId, now);
    return { allianceId, role: await roleIn(tx, allianceId, actorId) };
  });
}

/** `POST /athar/alliances/{id}/applications/{profileid}/refuse` (officers, leader). */
export async function refuseApplication(
  db: Db,
  allianceId: number,
  actorId: number,
  profileId: number,
  now: Date,
): Promise<AllianceDone> {
  return inAllianceTx(db, async (tx) => {
    const alliance = await lockAlliance(tx, allianceId);
    await assertStaff(tx, allianceId, actorId, 'refuse');
    if (!(await takeApplication(tx, allianceId, profileId))) throw requestNotFound();
    await writeMessages(tx, [
      {
        profileId,
        kind: 'system',
        subject: `[${alliance.tag}] ${alliance.name}: your application was refused`,
        body: `<p>The alliance did not accept your application this time.</p>`,
        at: now,
      },
    ]);
    await tellMembers(tx, { alliance, text: '', quiet: true }, now);
    return { allianceId, role: await roleIn(tx, allianceId, actorId) };
  });
}

const DAY_MS = 86_400_000;

/**
 * Each invitation reaches an inbox: an alliance sends at most `invitesPerDay` in any rolling
 * day (counted under the alliance's row lock), then 429 with when the oldest one stops counting.
 */
async function assertInviteBudget(tx: Executor, allianceId: number, now: Date) {
  const max = SOCIAL_CONFIG.alliances.invitesPerDay;
  const [day] = await queryRows<{ n: number; oldest: Date | string | null }>(
    tx,
    sql`select count(*)::int as n, min(created_at) as oldest from alliance_requests
        where alliance_id = ${allianceId} and kind = 'invitation'
          and created_at > ${new Date(now.getTime() - DAY_MS)}`,
  );
  if (day && day.n >= max && day.oldest !== null) {
    const retry = new Date(day.oldest).getTime() + DAY_MS - now.getTime();
    throw new AppError(
      429,
      ErrorCode.rateLimited,
      `An alliance can send ${max} invitations a day. Please try again later.`,
      'nickname',
      { 'retry-after': String(Math.max(1, Math.ceil(retry / 1000))) },
    );
  }
}

/**
 * `POST /athar/alliances/{id}/invite { nickname }` (officers, leader): the invitee finds the
 * invitation in their inbox and on the alliance's page, and accepts it by joining. An invitee
 * who blocks the inviter gets nothing, and the inviter is answered as if it were sent.
 */
export async function invitePlayer(
  db: Db,
  allianceId: number,
  actorId: number,
  nickname: string,
  now: Date,
): Promise<AllianceDone> {
  return inAllianceTx(db, async (tx) => {
    const alliance = await lockAlliance(tx, allianceId);
    await assertStaff(tx, allianceId, actorId, 'invite');
    const [target] = await queryRows<{ id: number; alliance_id: number | null; blocks: boolean }>(
      tx,
      sql`select p.id, m.alliance_id,
            exists (select 1 from blocks b where b.profile_id = p.id and b.blocked_id = ${actorId}) as blocks
          from profiles p left join alliance_members m on m.profile_id = p.id
          where lower(p.nickname) = lower(${nickname.trim()})
          order by p.id limit 1`,
    );
    if (!target) {
      throw new AppError(
        404,
        AllianceErrorCode.memberNotFound,
        'There is no player of this nickname.',
        'nickname',
      );
    }
    const done = { allianceId, role: await roleIn(tx, allianceId, actorId) };
    if (target.alliance_id !== null) throw alreadyMember('nickname');
    await assertInviteBudget(tx, allianceId, now);
    if (target.blocks) return done;
    const inserted = await queryRows<{ kind: string }>(
      tx,
      sql`insert into alliance_requests (alliance_id, profile_id, kind, by_id, created_at)
          values (${allianceId}, ${target.id}, 'invitation', ${actorId}, ${now})
          on conflict (alliance_id, profile_id) do nothing returning kind`,
    );
    if (inserted.length === 0) {
      throw conflict(
        AllianceErrorCode.requestPending,
        'This player is invited already or has applied (accept the application).',
        'nickname',
      );
    }
    const inviter = await nicknameOf(tx, actorId);
    await writeMessages(tx, [
      {
        profileId: target.id,
        kind: 'system',
        subject: `${inviter} invites you to [${alliance.tag}] ${alliance.name}`,
        body: `<p>Open <a href="/alliances/${alliance.id}">[${alliance.tag}] ${alliance.name}</a> and join it to accept.</p>`,
        at: now,
      },
    ]);
    await tellMembers(tx, { alliance, text: '', quiet: true }, now);
    return done;
  });
}
