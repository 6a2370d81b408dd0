import { httpStatus, serverCode, serverMessage } from '../../api/error-message';
import { retryAfterSeconds, waitInWords } from '../../lib/retry-after';
import type { ErrorBody } from '@aleph/contracts';

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** When a mute ends, from the refusal's `until` (ISO), as the chat says it. */
function mutedUntil(error: unknown): string | undefined {
  const data = (error as { data?: Partial<ErrorBody> } | undefined)?.data;
  const until = data?.until;
  return typeof until === 'string' ? utc(until) : undefined;
}

/** The notice above the input while staff have muted the player (the profile's `mutedUntil`). */
export function mutedText(until: string | undefined, now = Date.now()): string | undefined {
  if (!until || Date.parse(until) <= now) return undefined;
  return `You are muted until ${utc(until)}: you can read the chat but not write.`;
}

/** What the chat says when the server refuses a line (docs/screens.md, Alliance chat). */
export function chatRefusalText(error: unknown): string {
  if (serverCode(error) === 'ACCOUNT_MUTED') {
    const until = mutedUntil(error);
    return until
      ? `You are muted until ${until} and cannot write.`
      : 'You are muted and cannot write.';
  }
  if (httpStatus(error) === 429) {
    const seconds = retryAfterSeconds(error);
    return seconds === undefined
      ? 'You are writing too fast. Please wait a moment.'
      : `You are writing too fast. You can write again in ${waitInWords(seconds)}.`;
  }
  if (httpStatus(error) === 403 || httpStatus(error) === 404) {
    return 'Only members of this alliance can write here.';
  }
  return serverMessage(error) ?? 'The line could not be sent. Please try again.';
}
