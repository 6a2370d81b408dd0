import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BAZAAR_CONFIG } from '@aleph/rules';
import { readFilters, withFilter } from './bazaar-filters';
import { BazaarFiltersForm } from './bazaar-filters-form';
import { BazaarResults } from './bazaar-results';

const percent = (rate: number) => `${Math.round(rate * 100)} %`;
const LISTING_FEE = percent(BAZAAR_CONFIG.listingFeeRate);
const SALE_FEE = percent(BAZAAR_CONFIG.saleFeeRate);

/** How selling starts: from the thing's own page, where its state is known. */
function SellHelp({ open }: { open: boolean }) {
  return (
    <Collapse in={open} id="bazaar-sell-help" unmountOnExit>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2">
          To sell a hero, open it from{' '}
          <Link component={RouterLink} to="/heroes">
            your heroes
          </Link>{' '}
          and choose “Sell on the Bazaar”. To sell a land, or goods from its inventory, vaults or
          shards, open it from{' '}
          <Link component={RouterLink} to="/lands">
            your lands
          </Link>
          . Listing costs a fee of {LISTING_FEE} of the price; a sale pays {SALE_FEE} of it.
        </Typography>
      </Paper>
    </Collapse>
  );
}

/**
 * `/bazaar` (docs/screens.md, Bazaar): the players' open listings, filtered and sorted by the
 * fields above them. The filters live in the URL, so a search can be shared and the back button
 * undoes a change.
 */
export function BazaarPage() {
  const [search, setSearch] = useSearchParams();
  const filters = readFilters(search);
  const [selling, setSelling] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h1" component="h1">
          Bazaar
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to="/bazaar/mine" variant="contained" color="secondary">
            My Bazaar
          </Button>
          <Button
            variant="outlined"
            aria-expanded={selling}
            aria-controls="bazaar-sell-help"
            onClick={() => setSelling((open) => !open)}
          >
            Sell
          </Button>
        </Stack>
      </Stack>
      <SellHelp open={selling} />
      <BazaarFiltersForm
        filters={filters}
        onChange={(key, value) => setSearch(withFilter(search, key, value))}
      />
      <BazaarResults key={JSON.stringify(filters)} filters={filters} />
    </Stack>
  );
}
