import type { ErrorBody, StaffErrorCode } from '@aleph/contracts';

/*
 * The login screen's suspension notice, a chunk of its own that the screen loads only after a
 * refused login or when a suspension signed the page out: the login page's JavaScript has a
 * budget (docs/architecture.md, Web). It imports nothing (no React, no MUI): a lazy chunk that
 * shares modules with the page splits those off into chunks of their own, which costs the page
 * more than this notice weighs.
 */

const ACCOUNT_SUSPENDED: StaffErrorCode = 'ACCOUNT_SUSPENDED';

/** A suspension's answer: the server's sentence and its end (null for a ban). */
export interface Suspension {
  message: string;
  until: string | null;
}

/** The suspension an answer describes, unless it is another refusal or has ended (`now`, ms). */
export function suspensionOf(answer: unknown, now = Date.now()): Suspension | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const body = answer as Partial<ErrorBody>;
  if (body.code !== ACCOUNT_SUSPENDED) return undefined;
  const until = typeof body.until === 'string' ? body.until : null;
  if (until !== null && Date.parse(until) <= now) return undefined;
  return { message: typeof body.message === 'string' ? body.message : '', until };
}

function parse(text: string | null): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/**
 * 'Nov 21, 2026 14:05' in the player's zone: the inbox's format (the rules' formatMessageDate,
 * which would bring the game's configuration along).
 */
export function localDate(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const month = MONTHS[Number(part('month')) - 1] ?? part('month');
  return `${month} ${Number(part('day'))}, ${part('year')} ${part('hour')}:${part('minute')}`;
}

/**
 * docs/screens.md (Login): "Your account is suspended until <date>." with the end in the
 * player's time zone, or the server's "Your account is banned.".
 */
export function suspensionText(suspension: Suspension): string {
  const end = suspension.until === null ? Number.NaN : Date.parse(suspension.until);
  if (!Number.isNaN(end)) return `Your account is suspended until ${localDate(end)}.`;
  return suspension.message || 'Your account is banned.';
}

/** A failed login's answer: a RequestError's data (src/api/session-requests.ts). */
const answerOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'data' in error ? error.data : undefined;

/**
 * The notice of the login's refusal when it is a suspension's, else of the answer of the refresh
 * that a suspension refused (src/api/account-suspended.ts); none once the suspension is over.
 */
export function suspensionNotice(refusal: unknown, stored: string | null): string | undefined {
  const suspension = suspensionOf(answerOf(refusal)) ?? suspensionOf(parse(stored));
  return suspension && suspensionText(suspension);
}
