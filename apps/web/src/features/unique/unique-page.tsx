import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import { FeatureGate } from '../../lib/feature-gate';
import { LOCKED_TEXTS } from '../../lib/feature-flags';
import { UniqueEventCard } from './unique-event-card';
import { useGetUniqueEventsQuery } from './unique-endpoints';

/** The server's 403 text for the gate, shown in its place below level nine. */
export const UNIQUE_LOCKED_TEXT = LOCKED_TEXTS.profileLevel9;

function UniqueEvents() {
  const events = useGetUniqueEventsQuery();
  const heroes = useGetHeroesQuery();
  if (events.isLoading || heroes.isLoading)
    return <Typography role="status">Loading...</Typography>;
  if (!events.data) return <Alert severity="error">Failed to load the unique missions</Alert>;
  if (events.data.length === 0)
    return <Typography>No unique mission is open right now. Look again soon.</Typography>;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        alignItems: 'start',
      }}
    >
      {events.data.map((event) => (
        <UniqueEventCard key={event.eventid} event={event} heroes={heroes.data ?? []} />
      ))}
    </Box>
  );
}

/** Unique missions (docs/screens.md): world events with few places, from profile level nine. */
export function UniquePage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Unique missions
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Each player sends one hero to each event. The hero sets out from its home land and brings
        the reward back there.
      </Typography>
      <FeatureGate flag="profileLevel9">
        <UniqueEvents />
      </FeatureGate>
    </Stack>
  );
}
