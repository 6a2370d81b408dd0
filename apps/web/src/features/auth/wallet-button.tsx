import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import AccountBalanceWallet from '@mui/icons-material/AccountBalanceWallet';
import { shortAddress } from '@aleph/rules';
import type { WalletState } from './use-wallet-signature';

interface WalletButtonProps {
  wallet: WalletState;
  onConnect: () => void;
  disabled?: boolean;
}

/** 'Connect Wallet', or the connected address as its first 6 and last 4 characters. */
export function WalletButton({ wallet, onConnect, disabled }: WalletButtonProps) {
  const connected = wallet.status === 'connected';
  return (
    <Stack spacing={1}>
      <Button
        variant="outlined"
        color={connected ? 'success' : 'primary'}
        startIcon={<AccountBalanceWallet />}
        onClick={onConnect}
        loading={wallet.status === 'connecting'}
        loadingPosition="start"
        disabled={disabled}
        title={connected ? wallet.address : undefined}
        fullWidth
      >
        {connected ? shortAddress(wallet.address) : 'Connect Wallet'}
      </Button>
      {wallet.status === 'missing' && (
        <Alert severity="warning">
          No browser wallet found. Install a wallet extension to register.
        </Alert>
      )}
    </Stack>
  );
}
