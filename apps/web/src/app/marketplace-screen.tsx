import Stack from '@mui/material/Stack';
import { BazaarEntry } from '../features/bazaar/bazaar-entry';
import { EconomyLinks } from '../features/economy/economy-links';
import { MarketplacePage } from '../features/marketplace/marketplace-page';

/** The marketplace, and below it the ways to the Bazaar, the trader and the Secret market (features do not import each other). */
export function MarketplaceScreen() {
  return (
    <Stack spacing={3}>
      <MarketplacePage />
      <BazaarEntry />
      <EconomyLinks />
    </Stack>
  );
}
