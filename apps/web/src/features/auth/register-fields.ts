import { LOGIN_PATTERN } from '@aleph/contracts';

const loginPattern = new RegExp(LOGIN_PATTERN);

/** Guidance only: the server has the last word on logins and passwords. */
export function loginHint(login: string): string | undefined {
  return login === '' || loginPattern.test(login)
    ? undefined
    : 'Use 3 to 32 letters, digits or underscores.';
}
