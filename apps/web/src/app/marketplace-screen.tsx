import Stack from '@mui/material/Stack';
import { EconomyLinks } from '../features/economy/economy-links';
import { MarketplacePage } from '../features/marketplace/marketplace-page';

/** The marketplace, and below it the ways to the trader and the Secret market (features do not import each other). */
export function MarketplaceScreen() {
  return (
    <Stack spacing={3}>
      <MarketplacePage />
      <EconomyLinks />
    </Stack>
  );
}
