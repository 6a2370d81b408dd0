import { sql } from 'drizzle-orm';
import { SocialErrorCode, type BlockedPlayer, type BlockList } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { AppError, badRequest, conflict } from '../../lib/errors.js';
import { lockPlayer } from '../../core/land-query.js';

interface Row {
  blocked_id: number;
  nickname: string;
  created_at: Date | string;
}
const blockOf = (r: Row): BlockedPlayer => ({
  profileid: Number(r.blocked_id),
  nickname: r.nickname,
  since: new Date(r.created_at).toISOString(),
});

/** `GET /athar/blocks`: the players the caller blocks, newest first. */
export async function listBlocks(db: Executor, profileId: number): Promise<BlockList> {
  const rows = await queryRows<Row>(
    db,
    sql`select b.blocked_id, p.nickname, b.created_at
      from blocks b join profiles p on p.id = b.blocked_id
      where b.profile_id = ${profileId} order by b.created_at desc, b.blocked_id desc`,
  );
  return rows.map(blockOf);
}

const noSuchPlayer = () =>
  new AppError(404, SocialErrorCode.playerNotFound, 'There is no such player.', 'profileid');

/**
 * `POST /athar/blocks`: blocks a player (their messages and alliance invitations are no longer
 * delivered). Answers the block and whether it is new (201) or was there already (200). The
 * caller's profile lock counts their blocks one at a time (at most `blocksMax`, 409); the
 * primary key keeps one row per pair.
 */
export async function addBlock(
  db: Db,
  profileId: number,
  blockedId: number,
  now: Date,
): Promise<{ block: BlockedPlayer; created: boolean }> {
  if (blockedId === profileId) {
    throw badRequest(SocialErrorCode.blockSelf, 'You cannot block yourself.', 'profileid');
  }
  return db.transaction(async (tx) => {
    await lockPlayer(tx, profileId);
    const [target] = await queryRows<{ nickname: string }>(
      tx,
      sql`select nickname from profiles where id = ${blockedId}`,
    );
    if (!target) throw noSuchPlayer();
    const [existing] = await queryRows<Row>(
      tx,
      sql`select blocked_id, ${target.nickname}::text as nickname, created_at from blocks
        where profile_id = ${profileId} and blocked_id = ${blockedId}`,
    );
    if (existing) return { block: blockOf(existing), created: false };
    const [count] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from blocks where profile_id = ${profileId}`,
    );
    if (Number(count?.n ?? 0) >= SOCIAL_CONFIG.blocksMax) {
      throw conflict(
        SocialErrorCode.blocksFull,
        `You can block at most ${SOCIAL_CONFIG.blocksMax} players. Unblock someone first.`,
        'profileid',
      );
    }
    await tx.execute(
      sql`insert into blocks (profile_id, blocked_id, created_at)
        values (${profileId}, ${blockedId}, ${now})`,
    );
    return {
      block: { profileid: blockedId, nickname: target.nickname, since: now.toISOString() },
      created: true,
    };
  });
}

/** `DELETE /athar/blocks/{profileid}`: lifts a block; 404 NOT_BLOCKED when there is none. */
export async function removeBlock(db: Db, profileId: number, blockedId: number): Promise<void> {
  const gone = await queryRows<{ n: number }>(
    db,
    sql`delete from blocks where profile_id = ${profileId} and blocked_id = ${blockedId}
      returning 1 as n`,
  );
  if (gone.length === 0) {
    throw new AppError(
      404,
      SocialErrorCode.notBlocked,
      'You do not block this player.',
      'profileid',
    );
  }
}
