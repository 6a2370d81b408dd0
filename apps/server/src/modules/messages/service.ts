import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Message } from '@aleph/contracts';
import { preparedRows, queryRows, type Db } from '../../db/client.js';
import { messages } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';

/** How many of the newest messages the inbox returns. */
export const INBOX_LIMIT = 500;

export async function listMessages(db: Db, profileId: number): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.profileId, profileId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(INBOX_LIMIT);
  const tags = await allianceTags(
    db,
    rows.map((m) => m.senderId),
  );
  return rows.map((m) => ({
    msgid: m.id,
    sender_name: m.senderName,
    ...(m.senderId !== null ? { sender_id: m.senderId } : {}),
    ...(m.senderId !== null && tags.has(m.senderId) ? { sender_tag: tags.get(m.senderId)! } : {}),
    subject: m.subject,
    body: m.body,
    created: m.createdAt.toISOString(),
    read: m.readAt !== null,
    deleted: m.deletedAt !== null,
  }));
}

/** The alliance tags of the players who wrote, by their id (docs/api.md, "Players meet"). */
async function allianceTags(db: Db, ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const writers = [...new Set(ids.filter((id): id is number => id !== null))];
  if (writers.length === 0) return new Map();
  const rows = await queryRows<{ profile_id: number; tag: string }>(
    db,
    sql`select m.profile_id, a.tag from alliance_members m
      join alliances a on a.id = m.alliance_id and a.dissolved_at is null
      where m.profile_id = any(${`{${writers.join(',')}}`}::int[])`,
  );
  return new Map(rows.map((r) => [Number(r.profile_id), r.tag]));
}

export async function countUnread(db: Db, profileId: number): Promise<number> {
  const [row] = await preparedRows<{ n: number }>(
    db,
    'count_unread',
    sql`select count(*)::int as n from messages
        where profile_id = ${profileId} and read_at is null and deleted_at is null`,
  );
  return Number(row?.n ?? 0);
}

const messageNotFound = () => notFound('Message not found.', 'MESSAGE_NOT_FOUND');

export async function markRead(db: Db, profileId: number, id: number, now: Date) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.profileId, profileId)));
  if (!row) throw messageNotFound();
  await db
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.id, id), isNull(messages.readAt)));
  return { ok: true as const, count: 1 };
}

/**
 * Deletes (marks) the player's messages. All or nothing: one id that is not theirs answers
 * 404 and changes nothing.
 */
export async function markDeleted(db: Db, profileId: number, ids: readonly number[], now: Date) {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(inArray(messages.id, unique), eq(messages.profileId, profileId)));
    if (owned.length !== unique.length) throw messageNotFound();
    await tx
      .update(messages)
      .set({ deletedAt: now })
      .where(and(inArray(messages.id, unique), isNull(messages.deletedAt)));
    return { ok: true as const, count: unique.length };
  });
}
