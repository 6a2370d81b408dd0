import { TopBoards } from '../boards/top-boards';

/**
 * The TOP tab: the two weekly boards. They are their own feature (features/boards), which the
 * dashboard shows as this tab's only content.
 */
export function TopTab() {
  return <TopBoards />;
}
