import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { usePollingWhileStreamDown } from '../../api/push-slice';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { AnnouncementsWidget } from './announcements-widget';
import { DASHBOARD_POLL_MS, useGetDashboardStatQuery } from './dashboard-endpoints';
import { DailyMissionsWidget } from './daily-missions-widget';
import { GoldAttentionWidget } from './gold-attention-widget';
import { HeroesStatusWidget } from './heroes-status-widget';
import { RunningMissionsWidget } from './running-missions-widget';

/**
 * The STAT tab: the dashboard stat, polled every 60 s while the push stream is down, shown as a
 * grid of widgets.
 */
export function StatTab() {
  const { data, error, isLoading } = useGetDashboardStatQuery(undefined, {
    pollingInterval: usePollingWhileStreamDown(DASHBOARD_POLL_MS),
  });

  if (isLoading) {
    return (
      <Box role="status" aria-label="Loading dashboard" sx={{ display: 'grid', py: 6 }}>
        <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
      </Box>
    );
  }

  return (
    <Stack spacing={2}>
      {/* A failed poll keeps the last data on screen under the message. */}
      {error !== undefined && (
        <Alert severity="error">Cannot load dashboard: {queryErrorDetail(error)}</Alert>
      )}
      {data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
            alignItems: 'start',
          }}
        >
          <HeroesStatusWidget heroes={data.heroes} />
          <DailyMissionsWidget daily={data.daily} />
          <AnnouncementsWidget announces={data.announces} />
          <GoldAttentionWidget gold={data.gold} />
          <RunningMissionsWidget />
        </Box>
      )}
    </Stack>
  );
}
