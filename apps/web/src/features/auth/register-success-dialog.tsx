import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Where 'Buy Platinum' leads: the token-sale page, configurable per deployment. */
export const TOKEN_SALE_URL = import.meta.env.VITE_TOKEN_SALE_URL ?? '/marketplace';

/** The spec calls both actions buttons, so they are buttons that navigate. */
export function RegisterSuccessDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const buyPlatinum = () => {
    if (TOKEN_SALE_URL.startsWith('/')) void navigate(TOKEN_SALE_URL);
    else window.location.assign(TOKEN_SALE_URL);
  };
  return (
    <Dialog open={open} aria-labelledby="register-success-title" fullWidth maxWidth="xs">
      <DialogTitle id="register-success-title">Congrats!</DialogTitle>
      <DialogContent>
        <DialogContentText>You are registered, what next?</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void navigate('/login')}>Login</Button>
        <Button variant="contained" color="secondary" onClick={buyPlatinum}>
          Buy Platinum
        </Button>
      </DialogActions>
    </Dialog>
  );
}
