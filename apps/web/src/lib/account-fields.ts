import { EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '@aleph/contracts';

/**
 * The registration's rules for an e-mail address and a new password, as guidance while typing:
 * the register and new-password screens and the account settings say the same things. The
 * server has the last word.
 */

const emailPattern = new RegExp(EMAIL_PATTERN);

export const isEmailValid = (email: string) => emailPattern.test(email);

export function passwordHint(password: string): string | undefined {
  const length = password.length;
  return length === 0 || (length >= PASSWORD_MIN && length <= PASSWORD_MAX)
    ? undefined
    : `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;
}
