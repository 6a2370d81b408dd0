import type { MissionRequirements } from '@aleph/contracts';
import { shortBriefing } from '@aleph/rules';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LauncherSection } from './launcher-section';

/** The wording of docs/screens.md, lower case as designed. */
export const PARAMETERS_FAILED_TEXT = 'failed to load parameters';

interface MissionBriefingProps {
  requirements: MissionRequirements | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** The mission's objective, shortened to its first sentence or 15 words (docs/screens.md). */
export function MissionBriefing({ requirements, isError, onRetry }: MissionBriefingProps) {
  let content;
  if (isError) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {PARAMETERS_FAILED_TEXT}
      </Alert>
    );
  } else if (!requirements) {
    content = <Skeleton variant="text" aria-label="Loading the briefing" />;
  } else {
    content = <Typography>{shortBriefing(requirements.missionObjective)}</Typography>;
  }
  return <LauncherSection title="Mission briefing">{content}</LauncherSection>;
}
