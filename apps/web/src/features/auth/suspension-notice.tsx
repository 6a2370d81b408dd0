import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { formatMessageDate } from '@aleph/rules';
import { readSuspension, suspensionOf, type Suspension } from '../../api/account-suspended';
import { RequestError } from '../../api/session-requests';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * docs/screens.md (Login): "Your account is suspended until <date>." with the end in the
 * player's time zone, or the server's "Your account is banned.".
 */
export function suspensionText(suspension: Suspension): string {
  const end = suspension.until === null ? Number.NaN : Date.parse(suspension.until);
  if (!Number.isNaN(end)) {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return `Your account is suspended until ${formatMessageDate(end, zone)}.`;
  }
  return suspension.message || 'Your account is banned.';
}

/**
 * The suspension the login screen tells of: the last login's answer, or, when the open page was
 * signed out by one (the refresh's answer, src/api/account-suspended.ts), that one. The stored
 * one is read only once the page answers to input: the prerendered screen has none.
 */
export function useSuspension(): [Suspension | undefined, (error: unknown) => void] {
  const hydrated = useHydrated();
  const [answered, setAnswered] = useState<Suspension>();
  const fromLogin = (error: unknown) =>
    setAnswered(error instanceof RequestError ? suspensionOf(error.status, error.data) : undefined);
  return [answered ?? (hydrated ? readSuspension() : undefined), fromLogin];
}

export function SuspensionNotice({ suspension }: { suspension: Suspension | undefined }) {
  if (!suspension) return null;
  return (
    <Typography role="alert" sx={{ color: 'error.light', fontWeight: 600 }}>
      {suspensionText(suspension)}
    </Typography>
  );
}
