import { useDispatch } from 'react-redux';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { logoutAcknowledged } from '../../api/auth-slice';
import { AuthCard } from './auth-card';

/** Step two of logging out, shown by the signed-out table until the player moves on. */
export function LoggedOutScreen() {
  const dispatch = useDispatch();
  return (
    <AuthCard subtitle="Logged Out">
      <Stack spacing={3} sx={{ textAlign: 'center' }}>
        <Typography>You have successfully logged out. We hope to see you again soon!</Typography>
        <Button
          component={RouterLink}
          to="/login"
          nativeButton={false}
          variant="contained"
          size="large"
          onClick={() => dispatch(logoutAcknowledged())}
        >
          Return to login
        </Button>
      </Stack>
    </AuthCard>
  );
}
