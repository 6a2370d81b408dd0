import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import { useGetFeaturesQuery } from '../../api/profile-endpoints';
import { UniqueEventCard } from './unique-event-card';
import { useGetUniqueEventsQuery } from './unique-endpoints';

/** The server's 403 text for the gate, shown in its place below level nine. */
export const UNIQUE_LOCKED_TEXT = 'You need to upgrade your profile to at least level nine.';

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

/** The profileLevel9 gate (docs/screens.md, Feature gates), like lib/feature-gate.tsx's. */
function UniqueGate() {
  const { data, isLoading } = useGetFeaturesQuery();
  if (isLoading)
    return <CircularProgress size={20} color="secondary" aria-label="Checking profile level" />;
  if (data?.includes('profileLevel9')) return <UniqueEvents />;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <LockOutlined fontSize="small" aria-hidden />
      <Typography variant="body2">{UNIQUE_LOCKED_TEXT}</Typography>
    </Stack>
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
      <UniqueGate />
    </Stack>
  );
}
