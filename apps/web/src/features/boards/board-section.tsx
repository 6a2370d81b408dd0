import { useId } from 'react';
import type { BoardName } from '@aleph/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EmojiEvents from '@mui/icons-material/EmojiEvents';
import { httpStatus, serverMessage } from '../../api/error-message';
import { FeatureGate } from '../../lib/feature-gate';
import type { FeatureFlag } from '../../lib/feature-flags';
import { useGetBoardQuery } from './board-endpoints';
import { BoardTable } from './board-table';

const weekFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const Note = ({ children }: { children: string }) => (
  <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
);

interface BoardSectionProps {
  title: string;
  board: BoardName;
  flag: FeatureFlag;
  onOpenProfile(profileid: number): void;
}

/** One board, loaded only once the profile has its flag. */
function BoardContent({ title, board, onOpenProfile }: Omit<BoardSectionProps, 'flag'>) {
  const { data, error, isLoading } = useGetBoardQuery(board);
  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (!data) {
    // A 403 carries the locked text (the flags were older than the level).
    return (
      <Note>
        {httpStatus(error) === 403
          ? (serverMessage(error) ?? 'Error loading data')
          : 'Error loading data'}
      </Note>
    );
  }
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Week of {weekFormat.format(new Date(data.weekStart))}
      </Typography>
      {data.data.length === 0 && !data.profileData ? (
        <Note>No data available</Note>
      ) : (
        <BoardTable title={title} board={data} onOpenProfile={onOpenProfile} />
      )}
    </Stack>
  );
}

/** A weekly board's card: its title, then the table or the locked text (docs/screens.md, Feature gates). */
export function BoardSection({ title, board, flag, onOpenProfile }: BoardSectionProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <EmojiEvents color="secondary" aria-hidden />
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
      </Stack>
      <FeatureGate flag={flag}>
        <BoardContent title={title} board={board} onOpenProfile={onOpenProfile} />
      </FeatureGate>
    </Paper>
  );
}
