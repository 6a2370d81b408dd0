import type { MissionCheckResponse } from '@aleph/contracts';
import { formatDuration } from '@aleph/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { LauncherSection } from './launcher-section';
import { isReadyToLaunch } from './mission-rules';

export interface CheckState {
  /** The result for the current body, if any. */
  result: MissionCheckResponse | undefined;
  isError: boolean;
  error: unknown;
}

/** 'a land, a hero and an element'. */
function listText(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function TextList({ label, items }: { label: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2">{label}</Typography>
      <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5 }}>
        {items.map((item, index) => (
          <Typography component="li" variant="body2" key={`${index}-${item}`}>
            {item}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

const needText = (label: string, part: { need: number; enough: boolean }) =>
  `${label}: ${part.need} needed, ${part.enough ? 'enough' : 'not enough'}`;

function CheckResult({ result }: { result: MissionCheckResponse }) {
  const ready = isReadyToLaunch(result);
  const { elementals, items } = result.ingredients;
  // What the mission consumes, and whether the land has it: 'not enough' is what is missing.
  const ingredients = [
    ...(elementals.need > 0 || !elementals.enough ? [needText('Elementals', elementals)] : []),
    ...(items.need > 0 || !items.enough ? [needText('Items', items)] : []),
  ];
  return (
    <Stack spacing={1.5}>
      <Typography
        variant="h6"
        component="p"
        sx={{ color: ready ? 'success.main' : 'warning.main', fontWeight: 700 }}
      >
        {ready ? 'READY TO LAUNCH' : 'NOT READY'}
      </Typography>
      {result.error && <Alert severity="warning">{result.error}</Alert>}
      <Typography variant="body2">Duration: {formatDuration(result.eta.minutes)}</Typography>
      <TextList label="Ingredients" items={ingredients} />
      <TextList label="Comments" items={result.comments} />
      <TextList label="Reward" items={result.reward.rewardSpec} />
    </Stack>
  );
}

interface MissionSummaryProps {
  check: CheckState;
  /** What is still to choose; empty when the body is complete. */
  missing: readonly string[];
  canCheck: boolean;
}

/** The automatic check's verdict (docs/screens.md), or what is still missing for it. */
export function MissionSummary({ check, missing, canCheck }: MissionSummaryProps) {
  let content;
  if (!canCheck) {
    content = (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {missing.length > 0
          ? `Choose ${listText(missing)} to check the mission.`
          : 'The mission cannot be checked.'}
      </Typography>
    );
  } else if (check.isError) {
    content = <Alert severity="error">Mission check failed: {queryErrorDetail(check.error)}</Alert>;
  } else if (check.result) {
    content = <CheckResult result={check.result} />;
  } else {
    content = (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <CircularProgress size={18} color="secondary" aria-hidden />
        <Typography variant="body2">Checking the mission...</Typography>
      </Stack>
    );
  }
  return (
    <LauncherSection title="Summary">
      <Box aria-live="polite">{content}</Box>
    </LauncherSection>
  );
}
