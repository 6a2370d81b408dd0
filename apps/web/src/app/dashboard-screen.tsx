import { TopBoards } from '../features/boards/top-boards';
import { DashboardPage } from '../features/dashboard/dashboard-page';

/** The dashboard screen: its TOP tab shows the weekly boards (docs/architecture.md). */
export function DashboardScreen() {
  return <DashboardPage top={<TopBoards />} />;
}
