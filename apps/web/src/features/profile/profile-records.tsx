import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FrameName } from '@aleph/contracts';
import { httpStatus } from '../../api/error-message';
import { FramedAvatar } from '../../lib/framed-avatar';
import { NativeSelectField } from '../../lib/native-select-field';
import { useGetFrameQuery, useSetFrameMutation } from './frame-endpoints';

const LINKS = [
  { to: '/profile/achievements', label: 'Achievements', level: 3 },
  { to: '/missions/log', label: 'Mission Log', level: 4 },
  { to: '/profile/rating', label: 'Profiles rating', level: 7 },
];

const LEVEL_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
];

/**
 * The avatar in the frame the player wears, the frame picker (a locked frame names its level)
 * and the links to the records screens.
 */
export function ProfileRecords({ nickname }: { nickname: string }) {
  const { data } = useGetFrameQuery();
  const [setFrame, { error, isLoading }] = useSetFrameMutation();
  const frame = data?.frame ?? 'none';
  const locked = data?.frames.filter((f) => !f.unlocked) ?? [];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FramedAvatar name={nickname} frame={frame} size={64} />
        <Typography variant="h6" component="p">
          {nickname}
        </Typography>
      </Stack>
      {data && (
        <NativeSelectField
          id="profile-frame"
          label="Avatar frame"
          size="small"
          value={frame}
          disabled={isLoading}
          options={data.frames.map((f) => ({
            value: f.id,
            label: f.unlocked ? f.name : `${f.name} (level ${f.profileLevel})`,
          }))}
          onChange={(v) => void setFrame(v as FrameName)}
          helperText={locked
            .map(
              (f) =>
                `${f.name}: you need to upgrade your profile to at least level ${LEVEL_WORDS[f.profileLevel]}.`,
            )
            .join(' ')}
        />
      )}
      {error !== undefined && (
        <Alert severity="error">
          {httpStatus(error) === 403 ? 'That frame is still locked.' : 'Failed to change the frame'}
        </Alert>
      )}
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 1 }}>
        {LINKS.map((l) => (
          <Link key={l.to} component={RouterLink} to={l.to} color="secondary">
            {l.label}
          </Link>
        ))}
      </Stack>
    </Stack>
  );
}
