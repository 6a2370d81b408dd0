import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { httpStatus } from '../../api/error-message';
import { useGetFeaturesQuery } from '../../api/profile-endpoints';
import { useGetPublicProfileQuery } from '../../api/social-endpoints';
import { DetailList } from '../../lib/detail-list';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { formatNumber } from '../../lib/format-number';

/** docs/screens.md (Feature gates): viewing another profile opens at level three. */
const PROFILE_LOCKED_TEXT =
  'You need to upgrade your profile to at least level three to view other profiles.';

function OwnerProfile({ profileid }: { profileid: number }) {
  const { data: features, isLoading } = useGetFeaturesQuery();
  const locked = !features?.includes('profileLevel3');
  const { currentData: data, error } = useGetPublicProfileQuery(profileid, {
    skip: isLoading || locked,
  });
  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (locked) return <Typography>{PROFILE_LOCKED_TEXT}</Typography>;
  if (error !== undefined)
    return (
      <Alert severity="error">
        {httpStatus(error) === 404 ? 'Profile not found' : 'Failed to load profile information'}
      </Alert>
    );
  if (!data) return <Typography role="status">Loading...</Typography>;
  return (
    <DetailList
      details={[
        { term: 'Nickname', value: data.nickname },
        { term: 'Level', value: data.level },
        { term: 'VIP', value: data.vip },
        { term: 'Lands', value: formatNumber(data.lands) },
        { term: 'Heroes', value: formatNumber(data.heroes) },
      ]}
    />
  );
}

/**
 * A land owner's public profile, as the boards show it (the same API and gate; features do
 * not share components, docs/architecture.md).
 */
export function OwnerProfileDialog(props: { profileid: number | null; onClose(): void }) {
  const titleId = useId();
  return (
    <Dialog
      open={props.profileid !== null}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>Profile Information</DialogTitle>
      <DialogContent dividers>
        {props.profileid !== null && <OwnerProfile profileid={props.profileid} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
