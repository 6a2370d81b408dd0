import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { shortAddress } from '@aleph/rules';
import { formatNumber } from '../../lib/format-number';
import type { PurchaseFlow } from './use-platinum-purchase';

interface PurchaseProgressProps {
  flow: PurchaseFlow;
  onRetry(): void;
  onDismiss(): void;
}

const spinner = <CircularProgress size={20} color="inherit" aria-hidden />;

/** Where the current purchase stands: in the wallet, on its way, waiting, done or refused. */
export function PurchaseProgress({ flow, onRetry, onDismiss }: PurchaseProgressProps) {
  if (flow.step === 'idle') return null;
  const amount = `${formatNumber(flow.attempt.pkg.platinum)} Platinum`;
  const close = (
    <Button color="inherit" size="small" onClick={onDismiss}>
      Close
    </Button>
  );
  switch (flow.step) {
    case 'wallet':
      return (
        <Alert severity="info" role="status" icon={spinner}>
          Confirm the payment of {flow.attempt.pkg.price} in your wallet.
        </Alert>
      );
    case 'sending':
      return (
        <Alert severity="info" role="status" icon={spinner}>
          Buying {amount}...
        </Alert>
      );
    case 'pending': {
      const { have = 0, need = 1 } = flow.purchase.confirmations ?? {};
      return (
        <Alert severity="info" role="status" icon={spinner}>
          <AlertTitle>{`Waiting for confirmations (${have}/${need})`}</AlertTitle>
          Your payment for {amount}
          {flow.purchase.txHash ? ` (transaction ${shortAddress(flow.purchase.txHash)})` : ''} is on
          its way. The Platinum is credited once the network has confirmed it.
          {flow.checkError && ` Could not check it just now: ${flow.checkError} Trying again.`}
        </Alert>
      );
    }
    case 'confirmed':
      return (
        <Alert severity="success" role="status" action={close}>
          <AlertTitle>Purchase confirmed</AlertTitle>
          {formatNumber(flow.purchase.platinum)} Platinum added to your treasury.
        </Alert>
      );
    case 'refused':
      return (
        <Alert severity="error" action={close}>
          <AlertTitle>Payment refused</AlertTitle>
          {flow.purchase.refusal?.message ?? 'The payment was refused; no Platinum was added.'}
        </Alert>
      );
    case 'failed':
      return (
        <Alert
          severity="error"
          action={
            flow.retryable ? (
              <Button color="inherit" size="small" onClick={onRetry}>
                Try again
              </Button>
            ) : (
              close
            )
          }
        >
          <AlertTitle>Could not buy {amount}</AlertTitle>
          {flow.message}
        </Alert>
      );
  }
}
