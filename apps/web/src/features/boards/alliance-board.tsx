import { useId } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Groups from '@mui/icons-material/Groups';
import { FeatureGate } from '../../lib/feature-gate';
import { useGetAllianceBoardQuery } from './alliance-board-endpoints';
import { AllianceBoardTable } from './alliance-board-table';

const weekFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

const Note = ({ children }: { children: string }) => (
  <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
);

function AllianceBoardContent() {
  const { data, isLoading } = useGetAllianceBoardQuery();
  if (isLoading) return <Typography role="status">Loading...</Typography>;
  if (!data) return <Note>Error loading data</Note>;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Week of {weekFormat.format(new Date(data.weekStart))}: the XP members gained while members.
        The best places pay gold to every member when the week closes.
      </Typography>
      {data.rows.length === 0 && !data.mine ? (
        <Note>No alliance has scored this week yet</Note>
      ) : (
        <AllianceBoardTable board={data} />
      )}
    </Stack>
  );
}

/**
 * The weekly alliance board's card on the TOP tab ('Alliances'): alliances open at profile
 * level one, so the board does too (the XP board's gate).
 */
export function AllianceBoardSection() {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        <Groups color="secondary" aria-hidden />
        <Typography id={headingId} variant="h6" component="h2">
          Alliances
        </Typography>
      </Stack>
      <FeatureGate flag="profileLevel1">
        <AllianceBoardContent />
      </FeatureGate>
    </Paper>
  );
}
