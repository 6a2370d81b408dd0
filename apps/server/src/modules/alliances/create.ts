import { sql } from 'drizzle-orm';
import { AllianceErrorCode, type AllianceCreateBody, type AllianceRef } from '@aleph/contracts';
import { checkAllianceName, checkAllianceTag, SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Db } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/pg-errors.js';
import { badRequest } from '../../lib/errors.js';
import { lockWallet } from '../../core/balances.js';
import { ChangeBook } from '../../core/change-book.js';
import { alreadyMember, insufficientGold, nameTaken, tagTaken } from './errors.js';
import { assertMayJoin, tellMembers } from './membership-core.js';

const CONFIG = SOCIAL_CONFIG.alliances;

/**
 * `POST /athar/alliances` (docs/api.md, "Alliances"): the founder pays the cost from the
 * treasury through the change book and leads. The caller's profile is locked first, so one
 * player's creations run one after another; two players' alliances with one name or tag are
 * told apart by the partial unique indexes, and the loser's transaction (its gold with it)
 * rolls back into a 409 naming the field.
 */
export async function createAlliance(
  db: Db,
  founderId: number,
  body: AllianceCreateBody,
  now: Date,
): Promise<AllianceRef> {
  const name = checkAllianceName(body.name);
  if (!name.ok) throw badRequest(AllianceErrorCode.nameInvalid, name.message, 'name');
  const tag = checkAllianceTag(body.tag);
  if (!tag.ok) throw badRequest(AllianceErrorCode.tagInvalid, tag.message, 'tag');
  const description = (body.description ?? '').trim();
  try {
    return await db.transaction(async (tx) => {
      const wallet = await lockWallet(tx, founderId);
      await assertMayJoin(tx, founderId, null, now);
      if (wallet.gold < CONFIG.createCost) {
        throw insufficientGold(CONFIG.createCost, wallet.gold);
      }
      const [row] = await queryRows<{ id: number }>(
        tx,
        sql`insert into alliances (name, tag, description, open, member_count, created_at)
            values (${name.value}, ${tag.value}, ${description}, ${body.open}, 1, ${now})
            returning id`,
      );
      const id = Number(row!.id);
      await tx.execute(sql`insert into alliance_members (profile_id, alliance_id, role, joined_at)
          values (${founderId}, ${id}, 'leader', ${now})`);
      // A founder's open applications elsewhere are moot now.
      await tx.execute(sql`delete from alliance_requests where profile_id = ${founderId}`);
      const book = new ChangeBook();
      book.profile(
        founderId,
        { gold: -CONFIG.createCost },
        { cause: 'alliance_create', causeId: id, at: now },
      );
      await book.flush(tx, { at: now });
      const alliance = { id, name: name.value, tag: tag.value };
      await tellMembers(tx, { alliance, text: 'You founded the alliance.' }, now);
      return alliance;
    });
  } catch (err) {
    const index = uniqueViolationOf(err);
    if (index === 'alliances_name_key') throw nameTaken();
    if (index === 'alliances_tag_key') throw tagTaken();
    if (index === 'alliance_members_pkey') throw alreadyMember();
    throw err;
  }
}
