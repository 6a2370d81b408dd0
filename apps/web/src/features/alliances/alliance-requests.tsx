import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AllianceRequest } from '@aleph/contracts';

/**
 * Officers' and the leader's part of the alliance page: open applications (Accept, Refuse),
 * pending invitations, and 'Invite' by nickname.
 */
export function AllianceRequests(props: {
  requests: AllianceRequest[];
  onAccept(profileid: number): void;
  onRefuse(profileid: number): void;
  onInvite(nickname: string): Promise<boolean>;
}) {
  const [nickname, setNickname] = useState('');
  const applications = props.requests.filter((r) => r.kind === 'application');
  const invitations = props.requests.filter((r) => r.kind === 'invitation');
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    if (nickname.trim() && (await props.onInvite(nickname.trim()))) setNickname('');
  };
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3">
        Applications
      </Typography>
      {applications.length === 0 ? (
        <Typography color="text.secondary">No open applications.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {applications.map((r) => (
            <Box
              component="li"
              key={r.profileid}
              sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography>
                <strong>{r.nickname}</strong> (level {r.level})
              </Typography>
              {r.text && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                  {r.text}
                </Typography>
              )}
              <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                <Button
                  size="small"
                  variant="contained"
                  color="secondary"
                  aria-label={`Accept ${r.nickname}`}
                  onClick={() => props.onAccept(r.profileid)}
                >
                  Accept
                </Button>
                <Button
                  size="small"
                  aria-label={`Refuse ${r.nickname}`}
                  onClick={() => props.onRefuse(r.profileid)}
                >
                  Refuse
                </Button>
              </Stack>
            </Box>
          ))}
        </Box>
      )}
      {invitations.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          Invited: {invitations.map((r) => r.nickname).join(', ')}
        </Typography>
      )}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        onSubmit={(e) => void invite(e)}
        sx={{ alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          label="Invite by nickname"
          value={nickname}
          onChange={(e) => setNickname(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <Button type="submit" variant="outlined" disabled={!nickname.trim()}>
          Invite
        </Button>
      </Stack>
    </Stack>
  );
}
