import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useGetLandsQuery } from '../../api/game-endpoints';
import { pageOf, ROWS_PER_PAGE_OPTIONS } from '../../lib/rows-per-page';
import { LandCard } from './land-card';
import { LandsControls } from './lands-controls';
import { selectLands } from './lands-view';
import { useLandsView } from './use-lands-view';

/** The player's lands as cards, with filters, sort and pages. */
export function LandsPage() {
  const { data: lands, isLoading, isError } = useGetLandsQuery();
  const { state, update } = useLandsView();
  const { terrain, element, sort } = state;
  const selected = useMemo(
    () => selectLands(lands ?? [], { terrain, element, sort }),
    [lands, terrain, element, sort],
  );
  const shown = pageOf(selected, state.page, state.rowsPerPage);

  let content;
  if (isLoading) {
    content = (
      <Box role="status" aria-label="Loading lands" sx={{ display: 'grid', py: 6 }}>
        <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
      </Box>
    );
  } else if (isError && !lands) {
    content = <Alert severity="error">Failed to load lands</Alert>;
  } else if (selected.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ color: 'text.secondary' }}>No data available</Typography>
      </Paper>
    );
  } else {
    content = (
      <Box
        component="ul"
        aria-label="Lands"
        sx={{
          m: 0,
          p: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
        }}
      >
        {shown.rows.map((land) => (
          <LandCard key={land.landid} land={land} />
        ))}
      </Box>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Lands
      </Typography>
      <LandsControls state={state} onChange={update} />
      {content}
      {!isLoading && !(isError && !lands) && (
        <TablePagination
          component="div"
          count={selected.length}
          page={shown.page}
          onPageChange={(_event, page) => update({ page })}
          rowsPerPage={state.rowsPerPage}
          rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
          onRowsPerPageChange={(event) => update({ rowsPerPage: Number(event.target.value) })}
          labelRowsPerPage="Rows per page:"
        />
      )}
    </Stack>
  );
}
