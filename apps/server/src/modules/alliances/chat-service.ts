import { sql } from 'drizzle-orm';
import type { AllianceChatPage, ChatLine } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { PlayerEvents, writeEvents } from '../../core/events.js';
import { CHAT_COLUMNS, chatLineOf, chatRoleOf, mayNotDelete, type ChatRow } from './chat-access.js';

const PAGE = SOCIAL_CONFIG.alliances.chat.pageSize;

/**
 * `GET /athar/alliances/{id}/chat?before=`: the newest page of lines before `before` (or the
 * newest), oldest first, and the id to page further back with (null at the start). A keyset
 * page on alliance_chat_alliance_idx: one more line than the page tells whether more exist.
 */
export async function chatPage(
  db: Db,
  profileId: number,
  allianceId: number,
  before: number | undefined,
): Promise<AllianceChatPage> {
  await chatRoleOf(db, allianceId, profileId);
  const rows = await queryRows<ChatRow>(
    db,
    sql`select ${CHAT_COLUMNS} from alliance_chat
        where alliance_id = ${allianceId} ${before === undefined ? sql`` : sql`and id < ${before}`}
        order by id desc limit ${PAGE + 1}`,
  );
  const page = rows.slice(0, PAGE);
  const more = rows.length > PAGE;
  return {
    lines: page.map(chatLineOf).reverse(),
    nextBefore: more ? Number(page[page.length - 1]!.id) : null,
  };
}

/**
 * `DELETE /athar/alliances/{id}/chat/{lineid}`: an officer or the leader hides a line. The line
 * keeps its place (deleted_at, deleted_by) and is pushed again to every member with empty text
 * and `deleted: true`. Deleting a deleted line changes nothing and pushes nothing.
 */
export async function deleteChatLine(
  db: Db,
  profileId: number,
  allianceId: number,
  lineId: number,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const role = await chatRoleOf(tx, allianceId, profileId);
    if (role === 'member') throw mayNotDelete();
    const [line] = await queryRows<ChatRow>(
      tx,
      sql`update alliance_chat set deleted_at = ${now}, deleted_by = ${profileId}
          where id = ${lineId} and alliance_id = ${allianceId} and deleted_at is null
          returning ${CHAT_COLUMNS}`,
    );
    if (!line) {
      const known = await queryRows<{ id: number }>(
        tx,
        sql`select id from alliance_chat where id = ${lineId} and alliance_id = ${allianceId}`,
      );
      if (known.length === 0) throw notFound('There is no such line in this chat.');
      return;
    }
    await pushLine(tx, allianceId, chatLineOf(line), now);
  });
}

/**
 * The line to every member's stream, in the writing transaction (only if it commits), and a
 * web push to each member a new line mentions by @nickname (not the writer).
 */
export async function pushLine(tx: Executor, allianceId: number, line: ChatLine, now: Date) {
  const members = await queryRows<{ id: number; nickname: string }>(
    tx,
    sql`select m.profile_id as id, p.nickname from alliance_members m
        join profiles p on p.id = m.profile_id
        where m.alliance_id = ${allianceId} order by m.profile_id`,
  );
  const events = new PlayerEvents();
  events.broadcast(
    members.map((m) => Number(m.id)),
    'alliance.message',
    line,
  );
  if (!line.deleted)
    for (const m of members)
      if (Number(m.id) !== line.profileid && mentions(line.text, m.nickname))
        events.push(Number(m.id), 'alliance.mention', {
          allianceId,
          lineId: line.id,
          from: line.nickname,
          text: line.text,
        });
  await writeEvents(tx, events, now);
}

const NAME_CHAR = /[\p{L}\p{N}_]/u;

/** `text` names `nickname` as "@nickname" (any case), not as the start of a longer name. */
export function mentions(text: string, nickname: string): boolean {
  const hay = text.toLowerCase();
  const needle = `@${nickname.toLowerCase()}`;
  for (let at = hay.indexOf(needle); at >= 0; at = hay.indexOf(needle, at + 1)) {
    const next = hay[at + needle.length];
    if (next === undefined || !NAME_CHAR.test(next)) return true;
  }
  return false;
}
