import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import { pageOf, ROWS_PER_PAGE_OPTIONS } from '../../lib/rows-per-page';
import { useEtaFormatter } from '../../lib/use-eta';
import { HeroCard } from './hero-card';
import { HeroFilters } from './hero-filters';
import { filterAndSortHeroes } from './hero-list-query';
import { useHeroListQuery } from './use-hero-list-query';

/** The player's heroes: filters, cards and rows per page (docs/screens.md). */
export function HeroList() {
  const heroes = useGetHeroesQuery();
  const { query, update } = useHeroListQuery();
  const formatEta = useEtaFormatter();

  let content;
  if (heroes.isLoading) {
    content = (
      <Box role="status" aria-label="Loading heroes" sx={{ display: 'grid', py: 6 }}>
        <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
      </Box>
    );
  } else if (!heroes.data) {
    content = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void heroes.refetch()}>
            Retry
          </Button>
        }
      >
        Failed to load heroes
      </Alert>
    );
  } else {
    const selected = filterAndSortHeroes(heroes.data, query);
    const shown = pageOf(selected, query.page, query.rowsPerPage);
    content =
      selected.length === 0 ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography sx={{ color: 'text.secondary' }}>No data available</Typography>
        </Paper>
      ) : (
        <>
          <Box
            component="ul"
            aria-label="Heroes"
            sx={{
              m: 0,
              p: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 280px), 1fr))',
            }}
          >
            {shown.rows.map((hero) => (
              <HeroCard key={hero.heroid} hero={hero} formatEta={formatEta} />
            ))}
          </Box>
          <TablePagination
            component="div"
            count={selected.length}
            page={shown.page}
            rowsPerPage={query.rowsPerPage}
            rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
            labelRowsPerPage="Rows per page:"
            onPageChange={(_event, page) => update({ page })}
            onRowsPerPageChange={(event) => update({ rowsPerPage: Number(event.target.value) })}
            slotProps={{
              select: { native: true, inputProps: { 'aria-label': 'Rows per page' } },
            }}
          />
        </>
      );
  }

  return (
    <Stack spacing={2}>
      <HeroFilters query={query} onChange={update} />
      {content}
    </Stack>
  );
}
