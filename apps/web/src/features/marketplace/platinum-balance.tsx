import Diamond from '@mui/icons-material/Diamond';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format-number';
import { PLATINUM_COLOR } from './package-card';

/** 'Your Platinum: 650', from the profile summary the top bar also shows. */
export function PlatinumBalance({ platinum }: { platinum: number | undefined }) {
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
      <Diamond aria-hidden sx={{ color: PLATINUM_COLOR }} />
      <Typography sx={{ fontWeight: 600 }}>
        Your Platinum: {platinum === undefined ? '—' : formatNumber(platinum)}
      </Typography>
    </Stack>
  );
}
