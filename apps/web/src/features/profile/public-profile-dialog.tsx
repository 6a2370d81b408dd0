import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { httpStatus } from '../../api/error-message';
import { useGetProfileSummaryQuery } from '../../api/profile-endpoints';
import { useGetPublicProfileQuery } from '../../api/social-endpoints';
import { DetailList } from '../../lib/detail-list';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { useFeatureFlags } from '../../lib/feature-flags';
import { formatNumber } from '../../lib/format-number';
import { FramedAvatar } from '../../lib/framed-avatar';
import type { PublicProfileDialogProps } from '../../lib/profile-dialogs';
import { ReportDialog } from '../../lib/report-dialog';
import { AppLink, ProfileSocialActions } from './profile-social-actions';

/** docs/screens.md (Feature gates): the server answers the same sentence with 403 below level three. */
export const PROFILE_LOCKED_TEXT =
  'You need to upgrade your profile to at least level three to view other profiles.';

function errorText(error: unknown): string {
  const status = httpStatus(error);
  if (status === 404) return 'Profile not found';
  if (status === 403) return PROFILE_LOCKED_TEXT;
  return 'Failed to load profile information';
}

/** The profile shown, asked only from level three (the content and its Report button share it). */
function usePublicProfile(profileid: number) {
  const flags = useFeatureFlags();
  const locked = !flags.has('profileLevel3');
  const query = useGetPublicProfileQuery(profileid, { skip: !flags.ready || locked });
  return { flags, locked, ...query };
}

/** The other player's general info; below level three it says so without asking the server. */
function PublicProfileContent({ profileid }: { profileid: number }) {
  const { flags, locked, currentData: data, error } = usePublicProfile(profileid);
  const { data: own } = useGetProfileSummaryQuery();

  if (!flags.ready) return <Typography role="status">Loading...</Typography>;
  if (locked) return <Typography>{PROFILE_LOCKED_TEXT}</Typography>;
  if (error !== undefined) return <Alert severity="error">{errorText(error)}</Alert>;
  if (!data) return <Typography role="status">Loading...</Typography>;
  const rarest = data.achievements.rarest.map((a) => a.name).join(', ');
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FramedAvatar name={data.nickname} frame={data.frame} size={56} />
        <Typography variant="h6" component="p">
          {data.nickname}
        </Typography>
        {data.alliance && (
          <Chip size="small" label={`[${data.alliance.tag}]`} title={data.alliance.name} />
        )}
      </Stack>
      <DetailList
        details={[
          { term: 'Nickname', value: data.nickname },
          { term: 'Level', value: data.level },
          ...(data.alliance
            ? [
                {
                  term: 'Alliance',
                  value: (
                    <AppLink to={`/alliances/${data.alliance.id}`}>
                      {data.alliance.name} [{data.alliance.tag}]
                    </AppLink>
                  ),
                },
              ]
            : []),
          { term: 'VIP', value: data.vip },
          { term: 'Lands', value: formatNumber(data.lands) },
          { term: 'Heroes', value: formatNumber(data.heroes) },
          { term: 'Achievements', value: formatNumber(data.achievements.earned) },
          ...(rarest ? [{ term: 'Rarest', value: rarest }] : []),
        ]}
      />
      {own && own.nickname !== data.nickname && (
        <ProfileSocialActions profileid={data.profileid} nickname={data.nickname} />
      )}
    </Stack>
  );
}

/**
 * "Report", once the profile has loaded and is another player's (the summary's nickname is the
 * player's own): opens the report dialog.
 */
function ReportButton({ profileid }: { profileid: number }) {
  const [open, setOpen] = useState(false);
  const { currentData: data } = usePublicProfile(profileid);
  const { data: own } = useGetProfileSummaryQuery();
  if (!data || !own || own.nickname === data.nickname) return null;
  return (
    <>
      <Button color="secondary" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Report
      </Button>
      <ReportDialog
        open={open}
        profileid={profileid}
        nickname={data.nickname}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/** 'Profile Information', opened from a name on a weekly board or the rating (docs/screens.md). */
export function PublicProfileDialog({ open, profileid, onClose }: PublicProfileDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>Profile Information</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {profileid !== null && <PublicProfileContent profileid={profileid} />}
      </DialogContent>
      <DialogActions>
        {profileid !== null && <ReportButton profileid={profileid} />}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
