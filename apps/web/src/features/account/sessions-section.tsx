import { useState } from 'react';
import { formatMessageDate } from '@aleph/rules';
import type { AccountSession } from '@aleph/contracts';
import Devices from '@mui/icons-material/Devices';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../lib/section-card';
import {
  useEndOtherSessionsMutation,
  useEndSessionMutation,
  useGetAccountSessionsQuery,
} from './account-endpoints';
import { DeviceRow } from './device-row';

type Note = { severity: 'success' | 'error'; text: string } | undefined;

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Nov 21, 2026 14:05' in the player's time zone, as the inbox writes dates. */
function when(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '—' : formatMessageDate(ms, localTimeZone());
}

const endedText = (n: number) =>
  n === 0
    ? 'No other device was signed in.'
    : n === 1
      ? 'Signed out 1 other device.'
      : `Signed out ${n} other devices.`;

function SessionRow({
  session,
  onEnd,
  ending,
}: {
  session: AccountSession;
  onEnd: (session: AccountSession) => void;
  ending: boolean;
}) {
  return (
    <DeviceRow
      label={session.device}
      current={session.current}
      details={[
        session.place,
        `Signed in ${when(session.signedInAt)} · Last seen ${when(session.lastSeenAt)}`,
      ]}
      action={
        !session.current && (
          <Button
            variant="outlined"
            size="small"
            onClick={() => onEnd(session)}
            loading={ending}
            aria-label={`Sign out ${session.device}, ${session.place}`}
          >
            Sign out
          </Button>
        )
      }
    />
  );
}

/**
 * The devices signed in to the account, the most recently seen first (docs/screens.md,
 * Account): each can be signed out, or all but this one at once.
 */
export function SessionsSection() {
  const { data, isLoading, isError } = useGetAccountSessionsQuery();
  const [endSession] = useEndSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSessionsMutation();
  const [ending, setEnding] = useState<string>();
  const [note, setNote] = useState<Note>();
  const sessions = data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  const end = async (session: AccountSession) => {
    setNote(undefined);
    setEnding(session.id);
    try {
      await endSession(session.id).unwrap();
      setNote({ severity: 'success', text: `Signed out ${session.device}.` });
    } catch (error) {
      console.error('Signing out a session failed', error);
      setNote({
        severity: 'error',
        text: 'That device could not be signed out. Please try again.',
      });
    } finally {
      setEnding(undefined);
    }
  };

  const endAllOthers = async () => {
    setNote(undefined);
    try {
      const { ended } = await endOthers().unwrap();
      setNote({ severity: 'success', text: endedText(ended) });
    } catch (error) {
      console.error('Signing out the other sessions failed', error);
      setNote({ severity: 'error', text: 'The other devices could not be signed out.' });
    }
  };

  return (
    <SectionCard title="Sessions" icon={<Devices color="secondary" aria-hidden />}>
      {isLoading && <Typography role="status">Loading...</Typography>}
      {isError && <Alert severity="error">Failed to load the list of sessions</Alert>}
      {data && (
        <Box component="ul" aria-label="Signed-in devices" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              onEnd={(s) => void end(s)}
              ending={ending === session.id}
            />
          ))}
        </Box>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Last seen is updated about every 15 minutes while a device is in use.
      </Typography>
      {note && (
        <Alert severity={note.severity} role={note.severity === 'error' ? 'alert' : 'status'}>
          {note.text}
        </Alert>
      )}
      <Box>
        <Button
          variant="outlined"
          color="secondary"
          onClick={() => void endAllOthers()}
          loading={endingOthers.isLoading}
          disabled={!data || others === 0}
        >
          Sign out everywhere else
        </Button>
      </Box>
    </SectionCard>
  );
}
