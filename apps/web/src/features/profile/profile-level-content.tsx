import { nextLevelXp, PROFILE_LEVELS } from '@aleph/rules';
import type { ProfileSummary } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { serverMessage } from '../../api/error-message';
import { useProfileSummary } from '../../api/profile-endpoints';
import { useFeatureFlags } from '../../lib/feature-flags';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { useStartProfileLevelUpMutation } from './profile-level-endpoints';
import { ProfileLevelList } from './profile-level-list';

export const UNLOCK_TEXT =
  'Unlock the first veil of your profile to glimpse deeper truths about your journey.';

/** Where the player stands: current level and XP, and what the next level needs. */
function progressText(level: ProfileSummary['level']): string {
  const needed = nextLevelXp(level.level);
  const current = `You have ${level.profilePoints} XP`;
  if (needed === null) return `${current}. Your profile is at the top level.`;
  if (level.upgradable) return `${current}: enough for level ${level.level + 1}.`;
  return `${current}; level ${level.level + 1} needs ${needed} XP.`;
}

/** The locked form (no profileLevel1) or the level table, with the button that levels up. */
export function ProfileLevelContent() {
  const flags = useFeatureFlags();
  const { data: summary, isError } = useProfileSummary();
  const [start, started] = useStartProfileLevelUpMutation();

  if (!summary || !flags.ready) {
    if (isError) return <Alert severity="error">Failed to load profile information</Alert>;
    return <CircularProgress size={24} color="secondary" aria-label="Loading..." />;
  }
  const level = summary.level;
  const unlocked = flags.has('profileLevel1');
  const target = started.data?.targetLevel;
  // Between the start and the refresh 2 s later the old summary still says "upgradable".
  const waiting = target !== undefined && level.level < target;
  const disabled = !level.upgradable || started.isLoading || waiting;

  let status: string | null = null;
  if (started.isLoading) status = 'Starting the level-up...';
  else if (waiting) status = `Reaching level ${target}... your profile refreshes in a moment.`;
  else if (target !== undefined) status = `Your profile reached level ${level.level}.`;

  return (
    <Stack spacing={2}>
      {unlocked ? (
        <>
          <Typography>
            Your profile is at level {level.level}. {progressText(level)}
          </Typography>
          <ProfileLevelList current={level.level} levels={PROFILE_LEVELS} />
        </>
      ) : (
        <>
          <Typography>{UNLOCK_TEXT}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {progressText(level)}
          </Typography>
        </>
      )}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          color="secondary"
          disabled={disabled}
          onClick={() => void start()}
        >
          {unlocked ? 'Upgrade' : 'Unlock'}
        </Button>
        <Typography role="status" variant="body2" sx={{ color: 'text.secondary' }}>
          {status}
        </Typography>
      </Stack>
      {started.isError && (
        <Alert severity="error">
          The level-up was refused:{' '}
          {serverMessage(started.error) ?? queryErrorDetail(started.error)}
        </Alert>
      )}
    </Stack>
  );
}
