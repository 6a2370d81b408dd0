import Alert from '@mui/material/Alert';
import { formatMessageDate } from '@aleph/rules';

/** docs/screens.md (Profile): a muted player reads until when, and what a mute stops. */
export function mutedText(until: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return `You are muted until ${formatMessageDate(Date.parse(until), zone)}: you cannot send messages or write in chat until then. Everything else works.`;
}

/** Shown while staff have muted the player (the summary's `mutedUntil`). */
export function MutedNotice({ until }: { until: string | undefined }) {
  if (!until || Number.isNaN(Date.parse(until))) return null;
  return <Alert severity="warning">{mutedText(until)}</Alert>;
}
