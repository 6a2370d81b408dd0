import { sql } from 'drizzle-orm';
import {
  AllianceErrorCode,
  StaffErrorCode,
  type AllianceRenameBody,
  type PlayerDetail,
} from '@aleph/contracts';
import { checkAllianceName, checkAllianceTag } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { uniqueViolationOf } from '../../db/pg-errors.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { PlayerEvents, writeEvents } from '../../core/events.js';
import { writeMessages } from '../../core/inbox.js';
import { recordStaffAction } from '../../core/staff-log.js';
import { CHAT_COLUMNS, chatLineOf, type ChatRow } from '../../modules/alliances/chat-access.js';
import { pushLine } from '../../modules/alliances/chat-service.js';
import { nameTaken, tagTaken } from '../../modules/alliances/errors.js';
import { lockAlliance, memberIds } from '../../modules/alliances/membership-core.js';
import { plainTextToHtml } from '../../modules/messages/announce.js';
import { STAFF_SENDER, type Staff } from './accounts.js';

/**
 * The console's actions on the social layer (docs/operations.md, "Moderation"): a chat line of
 * any alliance, and an alliance's name and tag. Each runs in one transaction with its staff-log
 * row, as the actions on an account do (accounts.ts).
 */

/**
 * `POST /diwan/chat/{lineid}/delete`: hides the line as an officer's delete does (it keeps its
 * place; `deleted_by` stays null as staff are no member) and pushes it again, empty, to the
 * alliance's members. The staff log keeps the text. A deleted line is 409 CHAT_LINE_DELETED:
 * the conditional update decides, so of two deletes at once exactly one succeeds.
 */
export function staffDeleteChatLine(db: Db, lineId: number, staff: Staff, now: Date) {
  return db.transaction(async (tx) => {
    const [line] = await queryRows<ChatRow>(
      tx,
      sql`update alliance_chat set deleted_at = ${now}, deleted_by = null
          where id = ${lineId} and deleted_at is null returning ${CHAT_COLUMNS}`,
    );
    if (!line) {
      const known = await queryRows<{ id: number }>(
        tx,
        sql`select id from alliance_chat where id = ${lineId}`,
      );
      if (known.length === 0) throw notFound('There is no such chat line.');
      throw conflict(StaffErrorCode.chatLineDeleted, 'This line is deleted already.');
    }
    const allianceId = Number(line.alliance_id);
    await pushLine(tx, allianceId, chatLineOf(line), now);
    const [alliance] = await queryRows<{ name: string; tag: string }>(
      tx,
      sql`select name, tag from alliances where id = ${allianceId}`,
    );
    // The author's account, if it still exists: the row then shows on their page.
    const [author] = await queryRows<{ id: number }>(
      tx,
      sql`select id from users where id = ${line.profile_id ?? 0}`,
    );
    return recordStaffAction(tx, {
      actor: staff.actor,
      action: 'chat.delete',
      targetUserId: author ? Number(author.id) : null,
      reason: staff.reason,
      details: {
        lineId,
        text: line.text,
        postedAt: new Date(line.created_at).toISOString(),
        author: {
          profileId: line.profile_id === null ? null : Number(line.profile_id),
          nickname: line.nickname,
        },
        alliance: { id: allianceId, name: alliance?.name ?? null, tag: alliance?.tag ?? null },
      },
      at: now,
    });
  });
}

/** The new name and tag as the rules accept them (400 naming the field), or the refusal. */
function checked(body: AllianceRenameBody) {
  if (body.name === undefined && body.tag === undefined) {
    throw badRequest('VALIDATION_ERROR', 'Give a new name, a new tag, or both.', 'name');
  }
  const name = body.name === undefined ? null : checkAllianceName(body.name);
  if (name && !name.ok) throw badRequest(AllianceErrorCode.nameInvalid, name.message, 'name');
  const tag = body.tag === undefined ? null : checkAllianceTag(body.tag);
  if (tag && !tag.ok) throw badRequest(AllianceErrorCode.tagInvalid, tag.message, 'tag');
  return { name: name?.value ?? null, tag: tag?.value ?? null };
}

/**
 * `POST /diwan/alliances/{id}/rename`: an offensive name or tag replaced, under the alliance's
 * row lock; 404 for an unknown or dissolved alliance. Names and tags stay unique through the
 * partial unique indexes: a taken one rolls the whole action back into a 409 naming the field.
 * Every member reads the new name and staff's reason in the inbox; open pages refresh.
 */
export async function staffRenameAlliance(
  db: Db,
  allianceId: number,
  body: AllianceRenameBody,
  staff: Staff,
  now: Date,
): Promise<number> {
  const wanted = checked(body);
  try {
    return await db.transaction(async (tx) => {
      const before = await lockAlliance(tx, allianceId);
      const after = { name: wanted.name ?? before.name, tag: wanted.tag ?? before.tag };
      if (after.name === before.name && after.tag === before.tag) {
        throw badRequest(
          'VALIDATION_ERROR',
          'The alliance has this name and tag already.',
          wanted.name === null ? 'tag' : 'name',
        );
      }
      await tx.execute(
        sql`update alliances set name = ${after.name}, tag = ${after.tag} where id = ${allianceId}`,
      );
      const members = await memberIds(tx, allianceId);
      await tellRenamed(tx, allianceId, members, { before, after, reason: staff.reason }, now);
      return recordStaffAction(tx, {
        actor: staff.actor,
        action: 'alliance.rename',
        targetUserId: null,
        reason: staff.reason,
        details: {
          allianceId,
          before: { name: before.name, tag: before.tag },
          after,
          members: members.length,
        },
        at: now,
      });
    });
  } catch (err) {
    const index = uniqueViolationOf(err);
    if (index === 'alliances_name_key') throw nameTaken();
    if (index === 'alliances_tag_key') throw tagTaken();
    throw err;
  }
}

interface Renamed {
  before: { name: string; tag: string };
  after: { name: string; tag: string };
  reason: string;
}

/** Each member's inbox message from staff, and `alliance.changed` to their streams. */
async function tellRenamed(
  tx: Executor,
  allianceId: number,
  members: number[],
  r: Renamed,
  now: Date,
) {
  if (members.length === 0) return;
  const label = `[${r.after.tag}] ${r.after.name}`;
  const body = plainTextToHtml(
    `Staff renamed your alliance [${r.before.tag}] ${r.before.name} to ${label}. Reason: ${r.reason}`,
  );
  const events = new PlayerEvents();
  await writeMessages(
    tx,
    members.map((profileId) => ({
      profileId,
      kind: 'system' as const,
      subject: `Staff renamed your alliance to ${label}`,
      body,
      senderName: STAFF_SENDER,
      at: now,
    })),
    { events },
  );
  events.broadcast(members, 'alliance.changed', { allianceId });
  await writeEvents(tx, events, now);
}

/** The player's alliance for their page in the console (GET /diwan/players/{id}). */
export async function allianceOfPlayer(
  db: Executor,
  profileId: number,
): Promise<NonNullable<PlayerDetail['alliance']> | null> {
  const [row] = await queryRows<{ id: number; name: string; tag: string; role: string }>(
    db,
    sql`select a.id, a.name, a.tag, m.role from alliance_members m
        join alliances a on a.id = m.alliance_id and a.dissolved_at is null
        where m.profile_id = ${profileId}`,
  );
  if (!row) return null;
  const role = row.role as NonNullable<PlayerDetail['alliance']>['role'];
  return { id: Number(row.id), name: row.name, tag: row.tag, role };
}
