import Box from '@mui/material/Box';
import { useClock } from './clock';

/** What a countdown reads once its time is up, until the hero shows as idle (docs/screens.md). */
export const RETURNING_TEXT = 'Returning…';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const pad = (value: number) => String(value).padStart(2, '0');

function parts(leftMs: number) {
  const total = Math.ceil(leftMs / SECOND) * SECOND;
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
    seconds: Math.floor((total % MINUTE) / SECOND),
  };
}

/** '12:34 left', '1:02:03 left', '2d 1:02:03 left'; 'Returning…' at zero. */
export function countdownText(leftMs: number): string {
  if (leftMs <= 0) return RETURNING_TEXT;
  const { days, hours, minutes, seconds } = parts(leftMs);
  const clock =
    days > 0 || hours > 0
      ? `${hours}:${pad(minutes)}:${pad(seconds)}`
      : `${minutes}:${pad(seconds)}`;
  return `${days > 0 ? `${days}d ` : ''}${clock} left`;
}

const unit = (value: number, name: string) => `${value} ${name}${value === 1 ? '' : 's'}`;

/** The words a screen reader says: '12 minutes 34 seconds left'; 'Returning…' at zero. */
export function countdownLabel(leftMs: number): string {
  if (leftMs <= 0) return RETURNING_TEXT;
  const { days, hours, minutes, seconds } = parts(leftMs);
  const said = [
    days > 0 && unit(days, 'day'),
    hours > 0 && unit(hours, 'hour'),
    minutes > 0 && unit(minutes, 'minute'),
    seconds > 0 && unit(seconds, 'second'),
  ].filter(Boolean);
  return `${said.join(' ')} left`;
}

/**
 * The live time left until an ISO ETA, beside the ETA text of docs/screens.md. Reads the shared
 * one-second clock, so a page of countdowns still runs one interval. A timer role (not
 * announced on every tick) named with the time left in words.
 */
export function Countdown({ eta }: { eta: string }) {
  const now = useClock();
  const end = Date.parse(eta);
  if (Number.isNaN(end)) return null;
  const left = end - now;
  return (
    <Box
      component="span"
      role="timer"
      aria-label={countdownLabel(left)}
      sx={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        color: left > 0 ? 'text.secondary' : 'secondary.main',
        fontSize: '0.8125rem',
      }}
    >
      {countdownText(left)}
    </Box>
  );
}
