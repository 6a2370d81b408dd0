import { useCallback } from 'react';
import { formatEta } from '@aleph/rules';
import { useClock } from './clock';

/** How often relative texts ('hh:mm' vs '+N days hh:mm') are re-evaluated. */
const TICK_MS = 30_000;

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The current time from the shared clock, changing every `tickMs`, so that time-relative texts stay right. */
export function useNow(tickMs = TICK_MS): number {
  return useClock(tickMs);
}

/** Formats an ISO mission ETA for the player's time zone (docs/screens.md, via formatEta). */
export function useEtaFormatter(): (eta: string) => string {
  const now = useNow();
  return useCallback(
    (eta: string) => {
      const ms = Date.parse(eta);
      return Number.isNaN(ms) ? '—' : formatEta(ms, now, localTimeZone());
    },
    [now],
  );
}
