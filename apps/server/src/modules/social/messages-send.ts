import { sql } from 'drizzle-orm';
import { ErrorCode, SocialErrorCode, type SendMessageBody } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { queryRows, type Db, type Executor } from '../../db/client.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { assertNotMuted } from '../../core/account-status.js';
import { writeMessages } from '../../core/inbox.js';
import { PlayerEvents, writeEvents } from '../../core/events.js';
import { lockPlayer } from '../../core/land-query.js';
import { plainBody, plainSubject, playerBodyHtml } from './messages-body.js';
import { assertMayWrite, assertWithinLimits } from './messages-limits.js';

const { subjectMax, bodyMax } = SOCIAL_CONFIG.messages;
const length = (s: string) => [...s].length;

function validate(input: SendMessageBody) {
  const subject = plainSubject(input.subject);
  const body = plainBody(input.body);
  if (subject.length === 0) throw badRequest(ErrorCode.subjectEmpty, 'Write a subject.', 'subject');
  if (length(subject) > subjectMax) {
    throw badRequest(
      ErrorCode.subjectTooLong,
      `The subject is longer than ${subjectMax} characters.`,
      'subject',
    );
  }
  if (body.length === 0) throw badRequest(ErrorCode.bodyEmpty, 'Write a message.', 'body');
  if (length(body) > bodyMax) {
    throw badRequest(
      ErrorCode.bodyTooLong,
      `The message is longer than ${bodyMax} characters.`,
      'body',
    );
  }
  return { subject, body, to: input.to.trim() };
}

/** A nickname without regard to case; an exact match first should two differ only in case. */
async function recipientOf(tx: Executor, nickname: string) {
  const [row] = await queryRows<{ id: number; nickname: string }>(
    tx,
    sql`select id, nickname from profiles where lower(nickname) = lower(${nickname})
      order by (nickname = ${nickname}) desc, id limit 1`,
  );
  if (!row) {
    throw new AppError(
      404,
      SocialErrorCode.playerNotFound,
      'There is no player with this nickname.',
      'to',
    );
  }
  return { id: Number(row.id), nickname: row.nickname };
}

/**
 * `POST /hatif/messages` (docs/api.md, "Player messages"). In one transaction holding the
 * sender's profile lock: the refusals, then the recipient's inbox row with `inbox.new` and
 * `message.new` (unless the recipient blocks the sender: then nothing reaches them and the
 * sender is not told), and the sender's copy in `sent_messages`, whose id is answered.
 */
export async function sendMessage(
  db: Db,
  senderId: number,
  input: SendMessageBody,
  now: Date,
): Promise<number> {
  const { subject, body, to } = validate(input);
  return db.transaction(async (tx) => {
    await lockPlayer(tx, senderId);
    await assertNotMuted(tx, senderId, now);
    const recipient = await recipientOf(tx, to);
    if (recipient.id === senderId) {
      throw badRequest(SocialErrorCode.messageToSelf, 'You cannot write to yourself.', 'to');
    }
    const [sender] = await queryRows<{ nickname: string; level: number }>(
      tx,
      sql`select nickname, level from profiles where id = ${senderId}`,
    );
    await assertMayWrite(tx, { id: senderId, level: Number(sender!.level) }, recipient.id);
    await assertWithinLimits(tx, senderId, recipient.id, now);
    const blocked = await queryRows<{ n: number }>(
      tx,
      sql`select 1 as n from blocks where profile_id = ${recipient.id} and blocked_id = ${senderId}`,
    );
    const messageId =
      blocked.length > 0
        ? null
        : await deliver(tx, senderId, sender!.nickname, recipient.id, {
            subject,
            body,
            now,
          });
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into sent_messages (sender_id, recipient_id, subject, body, created_at, message_id)
        values (${senderId}, ${recipient.id}, ${subject}, ${body}, ${now}, ${messageId})
        returning id`,
    );
    return Number(row!.id);
  });
}

/** The recipient's inbox row and its push events (`inbox.new`, `message.new`). */
async function deliver(
  tx: Executor,
  senderId: number,
  senderName: string,
  recipientId: number,
  m: { subject: string; body: string; now: Date },
): Promise<number> {
  const events = new PlayerEvents();
  const [id] = await writeMessages(
    tx,
    [
      {
        profileId: recipientId,
        kind: 'player',
        senderId,
        senderName,
        subject: m.subject,
        body: playerBodyHtml(m.body),
        at: m.now,
      },
    ],
    { events },
  );
  const [unread] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from messages
      where profile_id = ${recipientId} and read_at is null and deleted_at is null`,
  );
  events.add(recipientId, 'message.new', {
    messageId: id!,
    from: senderName,
    subject: m.subject,
    unread: Number(unread?.n ?? 1),
  });
  await writeEvents(tx, events, m.now);
  return id!;
}
