import type { ErrorBody, StaffErrorCode } from '@aleph/contracts';

/**
 * The code as a literal, checked against the contracts: the login page loads this module, and
 * importing the contracts' values would bring their schemas (and TypeBox) along.
 */
const ACCOUNT_SUSPENDED: StaffErrorCode = 'ACCOUNT_SUSPENDED';

/**
 * A suspended or banned account (docs/api.md, "Operators"): the login, and the refresh of a
 * session that the suspension ended, answer 403 ACCOUNT_SUSPENDED with the server's sentence
 * and `until` (null for a ban).
 */
export interface Suspension {
  message: string;
  until: string | null;
}

/** Where the refresh leaves it for the login screen: every tab of the browser lands there. */
export const SUSPENSION_KEY = 'aleph.auth.suspension';

/** The suspension an error answer describes, if it is one. */
export function suspensionOf(status: number, data: unknown): Suspension | undefined {
  if (status !== 403 || typeof data !== 'object' || data === null) return undefined;
  const body = data as Partial<ErrorBody>;
  if (body.code !== ACCOUNT_SUSPENDED) return undefined;
  return {
    message: typeof body.message === 'string' ? body.message : '',
    until: typeof body.until === 'string' ? body.until : null,
  };
}

/** Kept until the next login, so that the login screen the open page falls back to says why. */
export function rememberSuspension(suspension: Suspension): void {
  try {
    localStorage.setItem(SUSPENSION_KEY, JSON.stringify(suspension));
  } catch {
    // Storage can be unavailable (private mode): the next login attempt says it again.
  }
}

export function forgetSuspension(): void {
  try {
    localStorage.removeItem(SUSPENSION_KEY);
  } catch {
    // Nothing stored, then.
  }
}

/** The remembered suspension, unless it has ended since (`now`: ms since the epoch). */
export function readSuspension(now = Date.now()): Suspension | undefined {
  let text: string | null;
  try {
    text = localStorage.getItem(SUSPENSION_KEY);
  } catch {
    return undefined;
  }
  if (!text) return undefined;
  try {
    const stored = suspensionOf(403, {
      ...(JSON.parse(text) as object),
      code: ACCOUNT_SUSPENDED,
    });
    if (stored?.until && Date.parse(stored.until) <= now) return undefined;
    return stored;
  } catch {
    return undefined;
  }
}
