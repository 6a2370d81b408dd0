import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SectionCard } from '../../lib/section-card';
import { ActionDialog } from './action-dialog';
import { useAnnounceMutation } from './admin-endpoints';
import { PageTitle } from './page-title';

/**
 * `/admin/tools` (admins): what the operator CLI does, through the same service code, e.g.
 * `npm run admin -- announce` as "Announcement".
 */
export function ToolsPage() {
  const [announce] = useAnnounceMutation();
  const [open, setOpen] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [done, setDone] = useState<string>();
  const ready = subject.trim() !== '' && subject.length <= 200 && body.trim() !== '';
  return (
    <Stack spacing={2}>
      <PageTitle title="Tools" about="What the operator CLI does, through the same code." />
      {done && (
        <Alert severity="success" role="status" onClose={() => setDone(undefined)}>
          {done}
        </Alert>
      )}
      <SectionCard title="Announcement">
        <Typography variant="body2" color="text.secondary">
          A message in every player&apos;s inbox and on the dashboard&apos;s Announcements, as the
          CLI&apos;s announce does.
        </Typography>
        <Button
          variant="outlined"
          color="secondary"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Write an announcement
        </Button>
      </SectionCard>
      <ActionDialog
        open={open}
        title="Announcement to every player"
        submitLabel="Announce"
        ready={ready}
        onClose={() => setOpen(false)}
        onSubmit={({ reason }) =>
          announce({ subject: subject.trim(), body: body.trim(), reason }).unwrap()
        }
        onDone={(result) => {
          setSubject('');
          setBody('');
          setDone(`Announced. Staff log #${result.staffLogId}.`);
        }}
      >
        <TextField
          id="announce-subject"
          label="Subject"
          value={subject}
          onChange={(event) => setSubject(event.target.value)}
          required
          error={subject.length > 200}
          helperText={subject.length > 200 ? 'At most 200 characters.' : ' '}
        />
        <TextField
          id="announce-body"
          label="Text"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          required
          multiline
          minRows={4}
        />
      </ActionDialog>
    </Stack>
  );
}
