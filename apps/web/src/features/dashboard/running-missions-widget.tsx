import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import DirectionsRun from '@mui/icons-material/DirectionsRun';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import { usePollingWhileStreamDown } from '../../api/push-slice';
import { Countdown } from '../../lib/countdown';
import { landLabel } from '../../lib/land-label';
import { DEFAULT_ROWS_PER_PAGE, pageOf, ROWS_PER_PAGE_OPTIONS } from '../../lib/rows-per-page';
import { useEtaFormatter } from '../../lib/use-eta';
import { RUNNING_POLL_MS, useGetRunningMissionsQuery } from './dashboard-endpoints';
import { WidgetCard, WidgetNote } from './widget-card';

/** The player's running missions, soonest first, polled every 120 s while the push stream is down. */
export function RunningMissionsWidget() {
  const missions = useGetRunningMissionsQuery(undefined, {
    pollingInterval: usePollingWhileStreamDown(RUNNING_POLL_MS),
  });
  const { data: heroes } = useGetHeroesQuery();
  const formatEta = useEtaFormatter();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_ROWS_PER_PAGE);

  const heroNames = useMemo(
    () => new Map((heroes ?? []).map((hero) => [hero.heroid, hero.name])),
    [heroes],
  );
  const sorted = useMemo(
    () =>
      [...(missions.data ?? [])].sort(
        (a, b) => Date.parse(a.eta) - Date.parse(b.eta) || a.missionid - b.missionid,
      ),
    [missions.data],
  );
  const shown = pageOf(sorted, page, rowsPerPage);

  let content;
  if (missions.isLoading) {
    content = <CircularProgress size={24} color="secondary" aria-label="Loading missions" />;
  } else if (missions.isError && !missions.data) {
    content = <WidgetNote>Error loading data</WidgetNote>;
  } else if (sorted.length === 0) {
    content = <WidgetNote>No running missions yet</WidgetNote>;
  } else {
    content = (
      <>
        <TableContainer
          tabIndex={0}
          role="region"
          aria-label="Running missions table"
          sx={{ overflowX: 'auto' }}
        >
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Land</TableCell>
                <TableCell>Hero</TableCell>
                <TableCell>ETA</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.rows.map((mission) => (
                <TableRow key={mission.missionid}>
                  <TableCell>{mission.desc_name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={`/lands/${mission.landid}`}>
                      {landLabel(mission)}
                    </Link>
                  </TableCell>
                  <TableCell>{heroNames.get(mission.heroid) ?? `#${mission.heroid}`}</TableCell>
                  <TableCell>
                    <Stack
                      direction="row"
                      useFlexGap
                      sx={{ flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}
                    >
                      <Box component="time" dateTime={mission.eta} sx={{ whiteSpace: 'nowrap' }}>
                        {formatEta(mission.eta)}
                      </Box>
                      <Countdown eta={mission.eta} />
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        {/* One page of ten needs no pager; longer lists get the usual page sizes. */}
        {sorted.length > DEFAULT_ROWS_PER_PAGE && (
          <TablePagination
            component="div"
            count={sorted.length}
            page={shown.page}
            onPageChange={(_event, next) => setPage(next)}
            rowsPerPage={rowsPerPage}
            rowsPerPageOptions={[...ROWS_PER_PAGE_OPTIONS]}
            onRowsPerPageChange={(event) => {
              setRowsPerPage(Number(event.target.value));
              setPage(0);
            }}
          />
        )}
      </>
    );
  }

  return (
    <WidgetCard
      title="Running Missions"
      icon={<DirectionsRun color="secondary" aria-hidden />}
      span={2}
    >
      {content}
    </WidgetCard>
  );
}
