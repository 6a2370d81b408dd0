import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMessageDate } from '@aleph/rules';
import { useGetFeaturesQuery } from '../../api/profile-endpoints';
import { DetailList } from '../../lib/detail-list';
import { formatNumber } from '../../lib/format-number';
import { useGetWorldStatsQuery } from './map-endpoints';
import { HeroesChart, LandsChart, VaultsChart } from './world-stats-charts';

/** docs/screens.md (Feature gates): the server answers the same sentence with 403. */
export const WORLD_STATS_LOCKED_TEXT = 'You need to upgrade your profile to at least level five.';

function Loading() {
  return (
    <Box role="status" aria-label="Loading world statistics" sx={{ display: 'grid', py: 6 }}>
      <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
    </Box>
  );
}

function Statistics() {
  const { data: stats, isError } = useGetWorldStatsQuery(undefined, {
    pollingInterval: 60_000,
  });
  if (isError && !stats) return <Alert severity="error">Failed to load world statistics</Alert>;
  if (!stats) return <Loading />;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-label="The world" sx={{ p: 2 }}>
        <DetailList
          details={[
            { term: 'Players', value: formatNumber(stats.players) },
            { term: 'Missions finished today', value: formatNumber(stats.missionsToday) },
            { term: 'Gold claimed this week', value: formatNumber(stats.goldClaimedThisWeek) },
          ]}
        />
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <LandsChart stats={stats} />
        <HeroesChart stats={stats} />
        <VaultsChart stats={stats} />
      </Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Counted at {formatMessageDate(Date.parse(stats.computedAt))} (UTC); refreshed every minute.
      </Typography>
    </Stack>
  );
}

/** World statistics (docs/screens.md): level five and above. */
export function WorldStatsPage() {
  const { data: features, isLoading } = useGetFeaturesQuery();
  let content;
  if (isLoading) content = <Loading />;
  else if (!features?.includes('profileLevel5'))
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography>{WORLD_STATS_LOCKED_TEXT}</Typography>
      </Paper>
    );
  else content = <Statistics />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        World statistics
      </Typography>
      {content}
    </Stack>
  );
}
