import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ScreenTabs, TabPanel, useTabParam } from '../../lib/screen-tabs';
import { QuestsCard } from './quests-card';
import { StatTab } from './stat-tab';

const TABS = [
  { value: 'stat', label: 'STAT' },
  { value: 'top', label: 'TOP' },
] as const;
const TAB_VALUES = TABS.map((tab) => tab.value);

/**
 * docs/screens.md (Dashboard): the dashboard with its STAT widgets and the TOP boards. The boards are their
 * own feature; the app layer passes them in as `top` (features do not import each other).
 */
export function DashboardPage({ top }: { top: ReactNode }) {
  const [tab, setTab] = useTabParam(TAB_VALUES);
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Dashboard
      </Typography>
      <QuestsCard />
      <ScreenTabs
        label="Dashboard"
        idPrefix="dashboard"
        tabs={TABS}
        value={tab}
        onChange={setTab}
      />
      <TabPanel idPrefix="dashboard" value={tab}>
        {tab === 'stat' ? <StatTab /> : top}
      </TabPanel>
    </Stack>
  );
}
