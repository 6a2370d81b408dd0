import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FeatureGate } from '../../lib/feature-gate';
import { useGetArenaStatusQuery } from './arena-endpoints';
import { DefenceEditor } from './defence-editor';
import { HistoryCard } from './history-card';
import { LadderCard } from './ladder-card';
import { OpponentsCard } from './opponents-card';

function Arena() {
  const { data, isLoading } = useGetArenaStatusQuery();
  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (!data) return <Alert severity="error">Failed to load the arena</Alert>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      <OpponentsCard status={data} />
      <DefenceEditor status={data} />
      <LadderCard />
      <HistoryCard />
    </Box>
  );
}

/** The Arena (docs/screens.md): from profile level ten. */
export function ArenaPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Arena
      </Typography>
      <FeatureGate flag="profileLevel10">
        <Arena />
      </FeatureGate>
    </Stack>
  );
}
