import { EMAIL_PATTERN, LOGIN_PATTERN, PASSWORD_MAX, PASSWORD_MIN } from '@aleph/contracts';

const emailPattern = new RegExp(EMAIL_PATTERN);
const loginPattern = new RegExp(LOGIN_PATTERN);

export const isEmailValid = (email: string) => emailPattern.test(email);

/** Guidance only: the server has the last word on logins and passwords. */
export function loginHint(login: string): string | undefined {
  return login === '' || loginPattern.test(login)
    ? undefined
    : 'Use 3 to 32 letters, digits or underscores.';
}

export function passwordHint(password: string): string | undefined {
  const length = password.length;
  return length === 0 || (length >= PASSWORD_MIN && length <= PASSWORD_MAX)
    ? undefined
    : `Use ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`;
}
