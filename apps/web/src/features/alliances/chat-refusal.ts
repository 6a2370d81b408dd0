import { httpStatus, serverCode, serverMessage } from '../../api/error-message';
import { retryAfterSeconds, waitInWords } from '../../lib/retry-after';
import type { ErrorBody } from '@aleph/contracts';

/** When a mute ends, from the refusal's `until` (ISO), as the chat says it. */
function mutedUntil(error: unknown): string | undefined {
  const data = (error as { data?: Partial<ErrorBody> } | undefined)?.data;
  const until = data?.until;
  return typeof until === 'string' ? `${until.slice(0, 16).replace('T', ' ')} UTC` : undefined;
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
