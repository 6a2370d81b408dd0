import EmojiEvents from '@mui/icons-material/EmojiEvents';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Achievement } from '@aleph/contracts';
import { useGetAchievementsQuery } from './records-endpoints';
import { formatNumber } from '../../lib/format-number';
import { LevelGate, LOCKED } from './level-gate';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function AchievementCard({ a }: { a: Achievement }) {
  const done = a.earnedAt !== null;
  const percent = Math.round((a.progress / a.goal) * 100);
  return (
    <Paper variant="outlined" sx={{ p: 2, opacity: done ? 1 : 0.92 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <EmojiEvents color={done ? 'secondary' : 'disabled'} aria-hidden />
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flex: 1 }}>
          {a.name}
        </Typography>
        <Chip size="small" label={`${formatNumber(a.xp)} XP`} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {a.description}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={done ? 'secondary' : 'primary'}
        aria-label={`${a.name}: ${formatNumber(a.progress)} of ${formatNumber(a.goal)}`}
        sx={{ my: 1, height: 8, borderRadius: 4 }}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2">
          {formatNumber(a.progress)} / {formatNumber(a.goal)}
        </Typography>
        <Typography variant="body2" color={done ? 'secondary' : 'text.secondary'}>
          {done ? `Earned ${dateOf(a.earnedAt!)}` : earnersText(a.earners)}
        </Typography>
      </Stack>
    </Paper>
  );
}

function AchievementGrid() {
  const { data, isLoading, isError } = useGetAchievementsQuery();
  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (isError || !data) return <Alert severity="error">Failed to load achievements</Alert>;
  // Earned first (newest first), then the closest to their goal.
  const sorted = [...data.achievements].sort((x, y) =>
    x.earnedAt && y.earnedAt
      ? y.earnedAt.localeCompare(x.earnedAt)
      : x.earnedAt
        ? -1
        : y.earnedAt
          ? 1
          : y.progress / y.goal - x.progress / x.goal,
  );
  return (
    <Stack spacing={2}>
      <Typography>
        {data.earned} of {data.total} earned
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {sorted.map((a) => (
          <AchievementCard key={a.code} a={a} />
        ))}
      </Box>
    </Stack>
  );
}

/** `/profile/achievements` (docs/screens.md): the catalogue with the player's progress. */
export function AchievementsPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Achievements
      </Typography>
      <LevelGate level={3} text={LOCKED.achievements}>
        <AchievementGrid />
      </LevelGate>
    </Stack>
  );
}

/** How many players have it, for one the player has not earned yet. */
function earnersText(earners: number): string {
  if (earners === 0) return 'Nobody has it yet';
  return `${formatNumber(earners)} ${earners === 1 ? 'player has' : 'players have'} it`;
}
