import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { useGetBattleQuery } from './arena-endpoints';
import { BattleReplay } from './battle-replay';

function Replay({ id }: { id: number }) {
  const { data, isLoading } = useGetBattleQuery(id);
  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (!data) return <Alert severity="error">Failed to load the battle</Alert>;
  return <BattleReplay key={data.id} battle={data} />;
}

/** A past battle's replay, recomputed by the server from its stored seed. */
export function ReplayDialog({
  battleId,
  onClose,
}: {
  battleId: number | null;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog
      open={battleId !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>Battle replay</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {battleId !== null && <Replay id={battleId} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
