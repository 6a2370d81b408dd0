import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Purchase, PurchaseStatus } from '@aleph/contracts';
import { useGetPurchasesQuery } from './market-endpoints';
import { formatNumber } from '../../lib/format-number';
import { landLabel } from '../../lib/land-label';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { PendingCheck } from './pending-check';
import { purchaseDate } from './purchase-date';

const STATUS: Record<PurchaseStatus, { label: string; color: 'warning' | 'success' | 'error' }> = {
  pending: { label: 'Pending', color: 'warning' },
  confirmed: { label: 'Confirmed', color: 'success' },
  refused: { label: 'Refused', color: 'error' },
};

/** '+550 Platinum' or '−100 Platinum' (a true minus sign). */
const signed = (value: number, unit: string) =>
  `${value >= 0 ? '+' : '\u2212'}${formatNumber(Math.abs(value))} ${unit}`;

/** What the purchase changed: its platinum, or the gold of a mint paid with gold ('−3,000 gold'). */
const balanceChange = ({ platinum, gold }: Purchase) =>
  gold !== 0 ? signed(gold, 'gold') : signed(platinum, 'Platinum');

function PurchaseTitle({ purchase }: { purchase: Purchase }) {
  const { land, hero } = purchase;
  if (purchase.kind === 'mint_land') {
    return (
      <>
        Land minted
        {land && (
          <>
            {': '}
            <Link component={RouterLink} to={`/lands/${land.landid}`} color="secondary">
              {landLabel(land)}
            </Link>
          </>
        )}
      </>
    );
  }
  if (purchase.kind === 'mint_hero') {
    return (
      <>
        Hero minted
        {hero && (
          <>
            {': '}
            <Link component={RouterLink} to={`/heroes/${hero.heroid}`} color="secondary">
              {hero.name}
            </Link>
          </>
        )}
      </>
    );
  }
  return <>Platinum bought</>;
}

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const status = STATUS[purchase.status];
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        alignItems: 'center',
        gap: 1,
        py: 1.25,
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          <PurchaseTitle purchase={purchase} />
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {purchaseDate(purchase.createdAt)}
        </Typography>
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto' }}>
        <Typography
          variant="body2"
          sx={{
            fontWeight: 700,
            color: purchase.platinum > 0 ? 'success.light' : 'text.primary',
            textDecoration: purchase.status === 'refused' ? 'line-through' : 'none',
            whiteSpace: 'nowrap',
          }}
        >
          {balanceChange(purchase)}
        </Typography>
        <Chip size="small" variant="outlined" color={status.color} label={status.label} />
        {purchase.status === 'pending' && <PendingCheck purchaseid={purchase.purchaseid} />}
      </Stack>
    </Box>
  );
}

/** The player's purchases and mints, newest first (the server's order). */
export function PurchaseHistory() {
  const headingId = useId();
  const { data, isLoading, error } = useGetPurchasesQuery();
  let content;
  if (isLoading) {
    content = <CircularProgress size={24} color="secondary" aria-label="Loading purchases" />;
  } else if (!data) {
    content = <Alert severity="error">Cannot load your purchases: {queryErrorDetail(error)}</Alert>;
  } else if (data.length === 0) {
    content = <Typography sx={{ color: 'text.secondary' }}>No purchases yet.</Typography>;
  } else {
    content = (
      <Box component="ul" aria-labelledby={headingId} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {data.map((purchase) => (
          <PurchaseRow key={purchase.purchaseid} purchase={purchase} />
        ))}
      </Box>
    );
  }
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Purchase history
      </Typography>
      {content}
    </Paper>
  );
}
