import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOCIAL_CONFIG } from '@aleph/rules';
import type { AllianceDetails } from '@aleph/contracts';
import { dialogPaperProps } from '../../lib/dialog-paper';

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * What the caller may do with the alliance as a whole: join (an open alliance, or one that
 * invited them), apply with a text, or leave (the page confirms leaving).
 */
export function AllianceActions(props: {
  alliance: AllianceDetails;
  busy: boolean;
  onJoin(): void;
  onApply(text: string): Promise<boolean>;
  onLeave(): void;
}) {
  const { alliance, busy } = props;
  const { me } = alliance;
  const [applying, setApplying] = useState(false);
  const [text, setText] = useState('');
  if (me.role) {
    return (
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>
          You are {me.role === 'member' ? 'a member' : `the ${me.role}`} of this alliance.
        </Typography>
        <Button color="error" onClick={props.onLeave} disabled={busy}>
          Leave alliance
        </Button>
      </Stack>
    );
  }
  if (me.inAlliance) {
    return <Typography color="text.secondary">You are in another alliance.</Typography>;
  }
  if (me.waitUntil) {
    return (
      <Alert severity="info">
        You left an alliance recently: you can join another from {when(me.waitUntil)}.
      </Alert>
    );
  }
  if (me.request === 'invitation' || alliance.open) {
    return (
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {me.request === 'invitation' && <Typography>This alliance has invited you.</Typography>}
        <Button variant="contained" color="secondary" onClick={props.onJoin} disabled={busy}>
          {me.request === 'invitation' ? 'Accept invitation' : 'Join'}
        </Button>
      </Stack>
    );
  }
  if (me.request === 'application') {
    return <Typography>Your application is waiting for the officers.</Typography>;
  }
  return (
    <>
      <Button
        variant="contained"
        color="secondary"
        onClick={() => setApplying(true)}
        disabled={busy}
      >
        Apply
      </Button>
      <Dialog
        open={applying}
        onClose={() => setApplying(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="alliance-apply-title"
        slotProps={{ paper: dialogPaperProps }}
      >
        <DialogTitle id="alliance-apply-title">
          Apply to [{alliance.tag}] {alliance.name}
        </DialogTitle>
        <DialogContent>
          <TextField
            label="A few words to the officers (optional)"
            value={text}
            onChange={(e) => setText(e.target.value)}
            multiline
            minRows={3}
            fullWidth
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: SOCIAL_CONFIG.alliances.applicationTextMax } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setApplying(false)}>Cancel</Button>
          <Button
            variant="contained"
            color="secondary"
            disabled={busy}
            onClick={() =>
              void props.onApply(text).then((ok) => {
                if (ok) setApplying(false);
              })
            }
          >
            Send application
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
