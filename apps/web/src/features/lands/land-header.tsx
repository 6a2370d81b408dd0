import { Link as RouterLink } from 'react-router';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Paid from '@mui/icons-material/Paid';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Land } from '@aleph/contracts';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { formatNumber } from '../../lib/format-number';
import { landLabel } from '../../lib/land-label';

/** The land's name, its gold to claim and the volume of each elemental vault. */
export function LandHeader({ land }: { land: Land }) {
  return (
    <Stack spacing={1.5}>
      <Link
        component={RouterLink}
        to="/lands"
        underline="hover"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
      >
        <ArrowBack fontSize="small" aria-hidden />
        All lands
      </Link>
      <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {landLabel(land)}
      </Typography>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Chip
          color="secondary"
          icon={<Paid aria-hidden />}
          label={`Gold to claim: ${formatNumber(land.gold.leftover)}`}
        />
        <Box
          component="ul"
          aria-label="Vault volumes"
          sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {land.vault.volume.map((volume, element) => (
            <li key={element}>
              <Chip
                variant="outlined"
                icon={<ElementIcon element={element} />}
                label={`${elementLabel(element)} ${formatNumber(volume)}`}
              />
            </li>
          ))}
        </Box>
      </Stack>
    </Stack>
  );
}
