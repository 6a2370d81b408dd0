import Chip from '@mui/material/Chip';
import type { PlayerStatus } from '@aleph/contracts';
import { statusText } from './format';

const COLORS = {
  active: 'success',
  muted: 'warning',
  suspended: 'error',
  banned: 'error',
} as const;

/** The account's standing as a small coloured chip, its until date written out. */
export function StatusChip({ status }: { status: PlayerStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[status.state]}
      label={statusText(status)}
      sx={{ maxWidth: '100%', alignSelf: 'flex-start' }}
    />
  );
}
