import { useId } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useGetHeroesQuery, useGetLandsQuery } from '../../api/game-endpoints';
import { useCheckMissionQuery, useStartMissionMutation } from '../../api/mission-endpoints';
import type { LaunchRequest } from '../../lib/mission-launcher-context';
import { missionTitle } from '../../lib/mission-title';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { HeroPicker } from './hero-picker';
import { LandPicker } from './land-picker';
import { MissionBriefing } from './mission-briefing';
import { MissionParameters } from './mission-parameters';
import { isReadyToLaunch } from './mission-rules';
import { useGetMissionRequirementsQuery } from './requirements-endpoints';
import { MissionSummary } from './mission-summary';
import { useMissionForm } from './use-mission-form';

interface MissionLauncherDialogProps {
  request: LaunchRequest;
  /** Cancel (button, Escape, backdrop) or done: the provider unmounts the dialog. */
  onClose: () => void;
}

/** docs/screens.md (Mission launcher): pick a land, a hero and the extras; check; launch. */
export function MissionLauncherDialog({ request, onClose }: MissionLauncherDialogProps) {
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const requirements = useGetMissionRequirementsQuery(request.missionType);
  const lands = useGetLandsQuery();
  const heroes = useGetHeroesQuery();
  const form = useMissionForm(request, {
    requirements: requirements.data,
    lands: lands.data,
    heroes: heroes.data,
  });
  // Runs by itself once everything is chosen; a fresh answer each time the dialog opens.
  const check = useCheckMissionQuery(form.body ?? skipToken, { refetchOnMountOrArgChange: true });
  const [startMission, start] = useStartMissionMutation();

  const result = form.body ? check.currentData : undefined;
  const launchable =
    result !== undefined && !check.isError && isReadyToLaunch(result) && !start.isLoading;
  // A refusal belongs to the body it was sent with; another choice hides it.
  const startFailed =
    start.isError && JSON.stringify(start.originalArgs) === JSON.stringify(form.body);

  const launch = async () => {
    if (!form.body || !launchable) return;
    try {
      await startMission(form.body).unwrap();
      onClose();
    } catch {
      // Shown below from the mutation's state; the dialog stays open.
    }
  };

  const title = requirements.data?.missionName ?? missionTitle(request.missionType);

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <LandPicker
            form={form}
            lands={lands.data}
            isLoading={lands.isLoading}
            isError={lands.isError}
          />
          <HeroPicker
            form={form}
            resident={requirements.data?.misRequirements.resident}
            isLoading={heroes.isLoading || requirements.isLoading}
            isError={heroes.isError}
          />
          <MissionBriefing
            requirements={requirements.data}
            isError={requirements.isError}
            onRetry={() => void requirements.refetch()}
          />
          <MissionParameters form={form} />
          <MissionSummary
            canCheck={form.body !== null}
            missing={form.missing}
            check={{
              result,
              isError: check.isError,
              error: check.error,
            }}
          />
          {startFailed && <Alert severity="error">{queryErrorDetail(start.error)}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button
          variant="contained"
          color="secondary"
          disabled={!launchable}
          loading={start.isLoading}
          onClick={() => void launch()}
        >
          Launch
        </Button>
      </DialogActions>
    </Dialog>
  );
}
