import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Logout from '@mui/icons-material/Logout';
import { serverMessage } from '../../api/error-message';
import { useLogoutMutation } from './auth-endpoints';

/**
 * Step one of logging out. Once the server confirms, the signed-out route table takes over
 * and shows the done state (logged-out-screen) at the same URL.
 */
export function LogoutScreen() {
  const [logout, { isLoading }] = useLogoutMutation();
  const [failure, setFailure] = useState<string>();

  const confirm = async () => {
    setFailure(undefined);
    try {
      await logout().unwrap();
    } catch (error) {
      setFailure(`Logout error: ${serverMessage(error) ?? 'Unknown error'}`);
    }
  };

  return (
    <Stack sx={{ alignItems: 'center', py: { xs: 2, sm: 6 } }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Stack spacing={2} sx={{ textAlign: 'center' }}>
          <Typography variant="h1" component="h1" sx={{ fontSize: '1.75rem' }}>
            Confirm Logout
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>
            You will need your username and password to come back.
          </Typography>
          {failure && <Alert severity="error">{failure}</Alert>}
          <Button
            variant="contained"
            color="secondary"
            size="large"
            startIcon={<Logout />}
            onClick={confirm}
            loading={isLoading}
          >
            Logout
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}
