import { sql } from 'drizzle-orm';
import { FriendErrorCode, type FriendState } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { writeMessages } from '../../core/inbox.js';

interface Pair {
  requester: number;
  accepted: boolean;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Locks both players' profiles in id order (the push events' writer locks the addressee's
 * later, so two crossing requests would otherwise each hold one and wait for the other) and
 * answers the nicknames of those that exist.
 */
async function lockBoth(tx: Tx, me: number, other: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; nickname: string }>(
    tx,
    sql`select id, nickname from profiles where id in (${me}, ${other})
      order by id for no key update`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.nickname]));
}

async function pairOf(tx: Tx, a: number, b: number): Promise<Pair | null> {
  const [row] = await queryRows<{ requester: number; accepted: boolean }>(
    tx,
    sql`select requester_id as requester, accepted_at is not null as accepted from friendships
      where least(requester_id, addressee_id) = ${Math.min(a, b)}
        and greatest(requester_id, addressee_id) = ${Math.max(a, b)}`,
  );
  return row ? { requester: Number(row.requester), accepted: row.accepted } : null;
}

/** The player's friends and outgoing requests: what SOCIAL_CONFIG.friends.max bounds. */
async function assertRoom(tx: Tx, me: number) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from friendships
      where requester_id = ${me} or (addressee_id = ${me} and accepted_at is not null)`,
  );
  if (Number(row?.n ?? 0) >= SOCIAL_CONFIG.friends.max) {
    throw conflict(
      FriendErrorCode.friendsFull,
      `You can have at most ${SOCIAL_CONFIG.friends.max} friends and open requests.`,
      'profileid',
    );
  }
}

/** Whether `who` blocks `whom` (their requests are stored but not shown, docs/api.md). */
async function blocks(tx: Tx, who: number, whom: number): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`select 1 from blocks where profile_id = ${who} and blocked_id = ${whom}`,
  );
  return rows.length > 0;
}

/** Accepts `requester`'s open request to `me` and tells the requester in their inbox. */
async function acceptIn(
  tx: Tx,
  me: number,
  requester: number,
  names: Map<number, string>,
  now: Date,
) {
  await assertRoom(tx, me);
  await queryRows(
    tx,
    sql`update friendships set accepted_at = ${now}
      where requester_id = ${requester} and addressee_id = ${me} and accepted_at is null`,
  );
  const name = escapeHtml(names.get(me) ?? '');
  await writeMessages(tx, [
    {
      profileId: requester,
      kind: 'system',
      subject: `${names.get(me) ?? ''} accepted your friend request`,
      body: `<p><b>${name}</b> is now your friend. See them on your <a href="/friends">friends list</a>.</p>`,
      at: now,
    },
  ]);
}

const NOTE_AGAIN_MS = 86_400_000;

/**
 * The addressee's inbox note of a request, unless they had the same note in the last day: a
 * player who asks, cancels and asks again fills nobody's inbox.
 */
async function noteRequest(tx: Tx, to: number, nickname: string, now: Date) {
  const subject = `${nickname} wants to be your friend`;
  const recent = await queryRows(
    tx,
    sql`select 1 from messages where profile_id = ${to} and kind = 'system'
      and subject = ${subject} and created_at > ${new Date(now.getTime() - NOTE_AGAIN_MS)}`,
  );
  if (recent.length > 0) return;
  await writeMessages(tx, [
    {
      profileId: to,
      kind: 'system',
      subject,
      body: `<p><b>${escapeHtml(nickname)}</b> wants to be your friend. Accept or refuse on your <a href="/friends">friends list</a>.</p>`,
      at: now,
    },
  ]);
}

/**
 * `POST /athar/friends`: asks `other` to be friends, or, when they already asked `me`, accepts
 * theirs. One row per pair (the unique index on the ordered pair): a crossing request that
 * commits first is found after the insert yields to it, and this one becomes its acceptance.
 */
export async function requestFriend(
  db: Db,
  me: number,
  other: number,
  now: Date,
): Promise<FriendState> {
  if (other === me) {
    throw badRequest(FriendErrorCode.friendSelf, 'You cannot befriend yourself.', 'profileid');
  }
  return db.transaction(async (tx) => {
    const names = await lockBoth(tx, me, other);
    if (!names.has(other)) throw notFound('There is no such player.');
    for (;;) {
      const pair = await pairOf(tx, me, other);
      if (pair?.accepted) {
        throw conflict(FriendErrorCode.alreadyFriends, 'You are already friends.', 'profileid');
      }
      if (pair?.requester === me) {
        throw conflict(
          FriendErrorCode.alreadyRequested,
          'You have already asked this player; they have not answered yet.',
          'profileid',
        );
      }
      if (pair) {
        await acceptIn(tx, me, other, names, now);
        return { profileid: other, status: 'friends' };
      }
      await assertRoom(tx, me);
      const inserted = await queryRows(
        tx,
        sql`insert into friendships (requester_id, addressee_id, created_at)
          values (${me}, ${other}, ${now}) on conflict do nothing returning 1`,
      );
      if (inserted.length === 0) continue;
      if (!(await blocks(tx, other, me))) await noteRequest(tx, other, names.get(me) ?? '', now);
      return { profileid: other, status: 'requested' };
    }
  });
}

/** `POST /athar/friends/{profileid}/accept`: 404 without an open request shown to `me`. */
export async function acceptFriend(
  db: Db,
  me: number,
  requester: number,
  now: Date,
): Promise<FriendState> {
  return db.transaction(async (tx) => {
    const names = await lockBoth(tx, me, requester);
    const pair = names.has(requester) ? await pairOf(tx, me, requester) : null;
    if (
      !pair ||
      pair.accepted ||
      pair.requester !== requester ||
      (await blocks(tx, me, requester))
    ) {
      throw notFound('There is no friend request from this player.');
    }
    await acceptIn(tx, me, requester, names, now);
    return { profileid: requester, status: 'friends' };
  });
}

/** `DELETE /athar/friends/{profileid}`: unfriend, cancel one's request or refuse theirs. */
export async function removeFriend(db: Db, me: number, other: number): Promise<void> {
  const rows = await queryRows(
    db,
    sql`delete from friendships
      where (requester_id = ${me} and addressee_id = ${other})
        or (requester_id = ${other} and addressee_id = ${me})
      returning 1`,
  );
  if (rows.length === 0) throw notFound('This player is neither your friend nor asked to be.');
}
