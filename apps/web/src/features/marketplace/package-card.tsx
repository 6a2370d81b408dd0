import { useId } from 'react';
import Diamond from '@mui/icons-material/Diamond';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PlatinumPackage } from '@aleph/contracts';
import { formatNumber } from '../../lib/format-number';

export const PLATINUM_COLOR = '#b3e5fc';

interface PackageCardProps {
  pkg: PlatinumPackage;
  onBuy(pkg: PlatinumPackage): void;
  /** Another purchase is under way: one at a time. */
  disabled: boolean;
  /** This package is the one being bought. */
  loading: boolean;
}

/** One Platinum package: the amount, its bonus, the price in ETH and 'Buy'. */
export function PackageCard({ pkg, onBuy, disabled, loading }: PackageCardProps) {
  const titleId = useId();
  const amount = `${formatNumber(pkg.platinum)} Platinum`;
  return (
    <Card
      variant="outlined"
      component="li"
      aria-labelledby={titleId}
      sx={{ listStyle: 'none', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ display: 'grid', gap: 1, justifyItems: 'start', flex: 1 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Diamond aria-hidden sx={{ color: PLATINUM_COLOR, fontSize: 40 }} />
          <Typography id={titleId} variant="h5" component="h3" sx={{ lineHeight: 1.1 }}>
            <Box component="span" sx={{ display: 'block', fontSize: '2rem', fontWeight: 700 }}>
              {formatNumber(pkg.platinum)}
            </Box>{' '}
            <Box
              component="span"
              sx={{ display: 'block', fontSize: '1rem', fontWeight: 600, color: 'text.secondary' }}
            >
              Platinum
            </Box>
          </Typography>
        </Stack>
        {pkg.bonusPercent > 0 ? (
          <Chip size="small" color="secondary" label={`+${pkg.bonusPercent}% bonus`} />
        ) : (
          <Chip size="small" variant="outlined" label="No bonus" />
        )}
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {pkg.price}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          color="secondary"
          fullWidth
          onClick={() => onBuy(pkg)}
          disabled={disabled}
          loading={loading}
          aria-label={`Buy ${amount} for ${pkg.price}`}
        >
          Buy
        </Button>
      </CardActions>
    </Card>
  );
}
