import Box from '@mui/material/Box';
import { useClock } from '../../lib/clock';
import { countdownLabel, countdownText } from '../../lib/countdown';

/** Time left until an event ends (or opens), on the app's one ticking clock. */
export function EventCountdown({ until, prefix }: { until: string; prefix: string }) {
  const now = useClock();
  const left = Date.parse(until) - now;
  const text = left > 0 ? countdownText(left) : 'now';
  const label = left > 0 ? countdownLabel(left) : 'now';
  return (
    <Box
      component="span"
      role="timer"
      aria-label={`${prefix} ${label}`}
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontWeight: 600 }}
    >
      {prefix} {text}
    </Box>
  );
}
