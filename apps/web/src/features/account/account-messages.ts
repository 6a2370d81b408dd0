import { AccountErrorCode, ErrorCode } from '@aleph/contracts';
import { httpStatus, serverCode, serverMessage } from '../../api/error-message';

/** docs/screens.md (Account): texts the account settings show after a refused request. */
export const MAIL_OFF_TEXT =
  'This server sends no e-mail: the address cannot be verified or changed here.';
export const PASSWORD_INCORRECT_TEXT = 'The password is not correct.';

/** Seconds to wait from the Retry-After the endpoints keep on a 429 (seconds, as the server sends). */
function retryAfter(error: unknown): number | undefined {
  const value = (error as { retryAfter?: unknown } | null)?.retryAfter;
  const seconds = typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export function waitText(error: unknown): string {
  const seconds = retryAfter(error);
  if (seconds === undefined) return 'Too many attempts. Please try again later.';
  if (seconds < 60) return `Too many attempts. Please try again in ${seconds} s.`;
  return `Too many attempts. Please try again in ${Math.ceil(seconds / 60)} min.`;
}

/** The field a refusal is about (shown under it), or the form's own message. */
export interface Refusal {
  field?: 'email' | 'password' | 'currentPassword';
  text: string;
}

export function refusalOf(error: unknown, passwordField: Refusal['field']): Refusal {
  const code = serverCode(error);
  if (code === AccountErrorCode.passwordIncorrect)
    return { field: passwordField, text: PASSWORD_INCORRECT_TEXT };
  if (code === ErrorCode.emailInvalid)
    return { field: 'email', text: serverMessage(error) ?? 'Invalid email format' };
  if (code === ErrorCode.passwordInvalid)
    return { field: 'password', text: serverMessage(error) ?? 'Use 8 to 128 characters.' };
  if (code === ErrorCode.mailOff) return { text: MAIL_OFF_TEXT };
  if (httpStatus(error) === 429) return { text: waitText(error) };
  if (httpStatus(error) === undefined) console.error('Account settings request failed', error);
  return { text: serverMessage(error) ?? 'Something went wrong.' };
}
