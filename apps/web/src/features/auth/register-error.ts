import { httpStatus, serverMessage } from '../../api/error-message';

/** docs/screens.md (Register): the server's message, else 'Registration failed (status)'; no answer at all: 'Registration error'. */
export function registrationErrorText(error: unknown): string {
  const status = httpStatus(error);
  if (status === undefined) return 'Registration error';
  return serverMessage(error) ?? `Registration failed (${status})`;
}
