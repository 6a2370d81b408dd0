import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MarketOffers, PaymentSetup } from '@aleph/contracts';
import { useProfileSummary } from '../../api/profile-endpoints';
import { PackageCard } from './package-card';
import { PlatinumBalance } from './platinum-balance';
import { PurchaseHistory } from './purchase-history';
import { PurchaseProgress } from './purchase-progress';
import { WithOffers } from './market-offers';
import { usePlatinumPurchase } from './use-platinum-purchase';

function PaymentNote({ payment }: { payment: PaymentSetup }) {
  if (payment.provider === 'sandbox') {
    return (
      <Alert severity="info" variant="outlined">
        Test payments: a purchase is confirmed at once and nothing is charged.
      </Alert>
    );
  }
  const blocks = payment.confirmations === 1 ? 'confirmation' : 'confirmations';
  return (
    <Alert severity="info" variant="outlined">
      Pay in ETH on chain {payment.chainId} from the wallet you registered with; a payment from
      another wallet is not credited. Your Platinum arrives after {payment.confirmations} {blocks}{' '}
      on the network.
    </Alert>
  );
}

function BuyPlatinum({ offers }: { offers: MarketOffers }) {
  const { data: profile } = useProfileSummary();
  const { flow, busy, buy, retry, dismiss } = usePlatinumPurchase(offers.payment);
  const activeId = busy && flow.step !== 'idle' ? flow.attempt.pkg.id : undefined;
  const progress = useRef<HTMLDivElement>(null);
  // On a phone the packages fill the screen: bring the outcome into view.
  useEffect(() => {
    if (flow.step !== 'idle') progress.current?.scrollIntoView?.({ block: 'nearest' });
  }, [flow.step]);

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h5" component="h2">
          Platinum packages
        </Typography>
        <PlatinumBalance platinum={profile?.treasury.platinum} />
      </Stack>
      <PaymentNote payment={offers.payment} />
      <Box
        component="ul"
        aria-label="Platinum packages"
        sx={{
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
        }}
      >
        {offers.packages.map((pkg) => (
          <PackageCard
            key={pkg.id}
            pkg={pkg}
            onBuy={(chosen) => void buy(chosen)}
            disabled={busy}
            loading={pkg.id === activeId}
          />
        ))}
      </Box>
      <div ref={progress}>
        <PurchaseProgress flow={flow} onRetry={retry} onDismiss={dismiss} />
      </div>
      <PurchaseHistory />
    </Stack>
  );
}

/** Marketplace tab 'Buy Platinum Coin': the packages, paying for one, and the history. */
export function BuyPlatinumTab() {
  return <WithOffers>{(offers) => <BuyPlatinum offers={offers} />}</WithOffers>;
}
