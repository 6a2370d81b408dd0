import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Flag from '@mui/icons-material/Flag';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import type { QuestBoard, QuestGoal, QuestKey } from '@aleph/contracts';
import { usePollingWhileStreamDown } from '../../api/push-slice';
import { DASHBOARD_POLL_MS } from './dashboard-endpoints';
import { questApi, useDismissQuestsMutation, useGetQuestsQuery } from './quest-endpoints';
import { formatNumber } from '../../lib/format-number';
import { useProfileDialogs } from '../../lib/profile-dialogs';

/** Where each goal is done: a screen to open, or the level dialog. */
const ACTIONS: Record<QuestKey, { label: string; to?: string }> = {
  dailyReward: { label: 'Go to your lands', to: '/lands' },
  claimGold: { label: 'Go to your lands', to: '/lands' },
  readReport: { label: 'Open the inbox', to: '/messages' },
  searchElementals: { label: 'Go to your lands', to: '/lands' },
  levelUp: { label: 'Open profile levels' },
  visitMarket: { label: 'Open the Marketplace', to: '/marketplace' },
};

const rewardText = (goal: QuestGoal) =>
  `+${formatNumber(goal.reward.gold)} gold, +${formatNumber(goal.reward.xp)} XP`;

function GoalAction({ goal }: { goal: QuestGoal }) {
  const [open, setOpen] = useState(false);
  const { ProfileLevelDialog } = useProfileDialogs();
  const action = ACTIONS[goal.key];
  if (action.to) {
    return (
      <Button
        component={RouterLink}
        to={action.to}
        size="small"
        variant="outlined"
        color="secondary"
      >
        {action.label}
      </Button>
    );
  }
  return (
    <>
      <Button size="small" variant="outlined" color="secondary" onClick={() => setOpen(true)}>
        {action.label}
      </Button>
      <ProfileLevelDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}

function GoalRow({ goal, next }: { goal: QuestGoal; next: boolean }) {
  const state = goal.done ? 'Done' : next ? 'Next' : 'To do';
  return (
    <Box
      component="li"
      aria-current={next ? 'step' : undefined}
      data-state={state}
      sx={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: 1.25,
        p: 1,
        borderRadius: 1,
        border: 1,
        borderColor: next ? 'secondary.main' : 'transparent',
        bgcolor: next ? 'rgba(255,152,0,0.08)' : 'transparent',
      }}
    >
      {goal.done ? (
        <CheckCircle fontSize="small" sx={{ color: 'success.light', mt: 0.25 }} aria-hidden />
      ) : (
        <RadioButtonUnchecked
          fontSize="small"
          sx={{ color: next ? 'secondary.main' : 'text.secondary', mt: 0.25 }}
          aria-hidden
        />
      )}
      <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          sx={{
            fontWeight: next ? 700 : 400,
            color: goal.done ? 'text.secondary' : 'text.primary',
          }}
        >
          <Box component="span" sx={visuallyHidden}>
            {state}:{' '}
          </Box>
          {goal.title}
        </Typography>
        {next && (
          <>
            <Typography variant="body2">{goal.description}</Typography>
            <Box>
              <GoalAction goal={goal} />
            </Box>
          </>
        )}
      </Stack>
      <Typography
        variant="body2"
        sx={{ color: 'text.secondary', whiteSpace: 'nowrap', ml: 'auto', mt: 0.25 }}
      >
        {rewardText(goal)}
      </Typography>
    </Box>
  );
}

/** Still something to look for: the card keeps its data fresh like the dashboard's. */
const active = (board: QuestBoard | undefined) =>
  board !== undefined && !board.dismissed && board.next !== null;

/**
 * "First steps" (docs/screens.md, Dashboard): the guided goals of a new player with their
 * progress, a check mark on each goal done, the next one highlighted with where to do it, and
 * the rewards. Hidden once dismissed, and while it loads or cannot load (it is a guide, not
 * information a player needs).
 */
export function QuestsCard() {
  const headingId = useId();
  const cached = questApi.endpoints.getQuests.useQueryState(undefined);
  // With the push stream up, the tags it invalidates bring the card up to date instead.
  const poll = usePollingWhileStreamDown(DASHBOARD_POLL_MS);
  const { data } = useGetQuestsQuery(undefined, {
    pollingInterval: active(cached.data) ? poll : 0,
    refetchOnMountOrArgChange: true,
  });
  const [dismiss, { isLoading: dismissing }] = useDismissQuestsMutation();

  if (!data || data.dismissed) return null;
  const paid = data.goals.filter((g) => data.completed.includes(g.key));
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Flag color="secondary" aria-hidden />
        <Typography id={headingId} variant="h6" component="h2">
          First steps
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {data.done} of {data.total} done
        </Typography>
        <Button
          onClick={() => void dismiss()}
          disabled={dismissing}
          aria-label="Dismiss first steps"
          size="small"
          sx={{ ml: 'auto' }}
        >
          Dismiss
        </Button>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={Math.round((data.done / Math.max(1, data.total)) * 100)}
        color="secondary"
        aria-label="First steps progress"
        sx={{ mb: 1.5, borderRadius: 1 }}
      />
      <Typography role="status" variant="body2" sx={paid.length > 0 ? { mb: 1 } : visuallyHidden}>
        {paid.map((g) => `Done: ${g.title} (${rewardText(g)}).`).join(' ')}
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {data.goals.map((goal) => (
          <GoalRow key={goal.key} goal={goal} next={goal.key === data.next} />
        ))}
      </Box>
      {data.next === null && (
        <Typography sx={{ mt: 1.5 }}>
          All done: your lands and heroes are ready for more. You can dismiss this card.
        </Typography>
      )}
    </Paper>
  );
}
