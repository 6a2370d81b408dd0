import type { ErrorBody } from '@aleph/contracts';
import { httpStatus, serverMessage } from '../../api/error-message';
import { retryAfterSeconds, waitInWords } from '../../lib/retry-after';

/** When a limit opens again, in the player's own time: 'Nov 21, 14:05'. */
const localTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

/**
 * What the player reads when a message is refused: the server's sentence, and for a limit
 * (429) when it opens again in the browser's zone and how long that is.
 */
export function composeRefusal(error: unknown): string {
  const status = httpStatus(error);
  const data = (error as { data?: Partial<ErrorBody> }).data;
  if (status === 429) {
    const first = serverMessage(error)?.split('. ')[0] ?? 'You have sent too many messages';
    const seconds = retryAfterSeconds(error);
    const until = typeof data?.until === 'string' ? ` at ${localTime(data.until)}` : '';
    const wait = seconds === undefined ? '' : ` (in ${waitInWords(seconds)})`;
    return `${first.replace(/\.$/, '')}. You can send again${until}${wait}.`;
  }
  if (status === undefined) return 'The message could not be sent. Check your connection.';
  return serverMessage(error) ?? 'The message could not be sent. Please try again.';
}
