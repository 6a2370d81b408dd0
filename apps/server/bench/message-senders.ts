import { sql } from 'drizzle-orm';
import { SOCIAL_CONFIG } from '@aleph/rules';
import type { Db } from '../src/db/client.js';
import type { EndpointSpec } from './http.js';
import { benchPlayers } from './players.js';
import { BENCH_COOKIE_SECRET } from './server-process.js';
import { mintSessions } from './sessions.js';

/** Players who send the HTTP pass's messages, and their Cookie headers. */
export interface MessageSenders {
  nicknames: string[];
  cookies: string[];
}

/**
 * Bench players who take turns sending `POST /hatif/messages`, with a session each (minted, as
 * the push part's are). A pass sends a few thousand messages a second for ~12 s, so `count`
 * senders each send far fewer than the hour's limit. Their earlier messages are deleted first:
 * a run within the hour of the last one would otherwise find them at the limit and measure
 * its refusal. Bench players' nicknames are their logins.
 */
export async function messageSenders(db: Db, count: number): Promise<MessageSenders> {
  const players = await benchPlayers(db, count);
  const ids = players.map((p) => p.id);
  await db.execute(
    sql`delete from sent_messages where sender_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  const cookies = await mintSessions(db, ids, BENCH_COOKIE_SECRET, new Date());
  return { nicknames: players.map((p) => p.login), cookies };
}

const { newRecipientsPerDay } = SOCIAL_CONFIG.messages;

/**
 * `POST /hatif/messages`: the n-th request is sender n mod S's, to one of newRecipientsPerDay
 * players half the senders away in turn (so no sender passes the new recipients of a day
 * either). Half away: a message locks its sender's profile and writes its recipient's, so a
 * recipient that was the next request's sender would chain the requests in flight one after
 * another, a queue real players do not form. Plain text, or with `link` a body holding a link:
 * a link is markup, which the server's sanitiser parses with jsdom (bare text skips it).
 */
export function messageSend(senders: MessageSenders, link = false): EndpointSpec {
  const s = senders.cookies.length;
  const message = (n: number) => ({
    to: senders.nicknames[(n + Math.floor(s / 2) + (Math.floor(n / s) % newRecipientsPerDay)) % s]!,
    subject: 'Bench message',
    body: link
      ? 'A line from the bench.\nAnd a second one, with a link: https://example.com/'
      : 'A line from the bench.\nAnd a second one, as most messages are: plain text.',
  });
  return {
    name: `POST /hatif/messages${link ? ' (a link)' : ''}`,
    method: 'POST',
    path: '/hatif/messages',
    auth: true,
    body: message,
    each: (n) => ({ cookie: senders.cookies[n % s]!, body: message(n) }),
  };
}
