import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface MintConfirmDialogProps {
  open: boolean;
  /** The title, such as 'Mint a land on Aleph for 100 Platinum?'. */
  question: string;
  details: string;
  busy: boolean;
  /** The server's message after a refused attempt; Confirm then retries it. */
  error?: string;
  onConfirm(): void;
  onCancel(): void;
}

/** The confirm step before Platinum is spent. */
export function MintConfirmDialog(props: MintConfirmDialogProps) {
  const { open, question, details, busy, error, onConfirm, onCancel } = props;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="xs" fullWidth>
      <DialogTitle>{question}</DialogTitle>
      <DialogContent>
        <DialogContentText>{details}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="secondary" onClick={onConfirm} loading={busy}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
