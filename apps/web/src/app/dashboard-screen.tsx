import Stack from '@mui/material/Stack';
import { TopBoards } from '../features/boards/top-boards';
import { BazaarEntry } from '../features/bazaar/bazaar-entry';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { EconomyLinks } from '../features/economy/economy-links';

/**
 * The dashboard screen: its TOP tab shows the weekly boards, and below it the ways to the
 * Bazaar and the gold economy's screens (docs/architecture.md).
 */
export function DashboardScreen() {
  return (
    <Stack spacing={3}>
      <DashboardPage top={<TopBoards />} />
      <BazaarEntry />
      <EconomyLinks />
    </Stack>
  );
}
