import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { MissionLogEntry } from '@aleph/contracts';
import { MISSION_TYPES } from '@aleph/rules';
import { logSearch, useGetMissionLogQuery } from './records-endpoints';
import { LevelGate, LOCKED } from './level-gate';
import { MissionLogFilters, type LogFilters } from './mission-log-filters';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

const duration = (minutes: number) =>
  minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;

const outcomeCell = (m: MissionLogEntry) => (
  <Typography
    component="span"
    variant="body2"
    sx={{ color: m.outcome === 'success' ? 'success.main' : 'error.main' }}
  >
    {m.outcome === 'success' ? 'Success' : 'Failure'}
  </Typography>
);

function ReportLink({ m }: { m: MissionLogEntry }) {
  if (m.reportid === null) return <>—</>;
  return (
    <Link component={RouterLink} to={`/messages?message=${m.reportid}`} color="secondary">
      Report
      <Typography component="span" sx={visuallyHidden}>
        {' '}
        of mission {m.missionid}
      </Typography>
    </Link>
  );
}

function WideRow({ m }: { m: MissionLogEntry }) {
  return (
    <TableRow hover>
      <TableCell>{when(m.finishedAt)}</TableCell>
      <TableCell>{MISSION_TYPES[m.missionType].missionName}</TableCell>
      <TableCell>{m.heroName}</TableCell>
      <TableCell>{m.landName}</TableCell>
      <TableCell>{duration(m.minutes)}</TableCell>
      <TableCell>{outcomeCell(m)}</TableCell>
      <TableCell>{m.rewards}</TableCell>
      <TableCell>
        <ReportLink m={m} />
      </TableCell>
    </TableRow>
  );
}

/** A phone's row: the mission, where and when in one cell, the result in the next. */
function CompactRow({ m }: { m: MissionLogEntry }) {
  return (
    <TableRow hover>
      <TableCell>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {MISSION_TYPES[m.missionType].missionName}
        </Typography>
        <Typography variant="body2">
          {m.heroName} · {m.landName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {when(m.finishedAt)} · {duration(m.minutes)}
        </Typography>
      </TableCell>
      <TableCell>
        {outcomeCell(m)}
        <Typography variant="body2">{m.rewards}</Typography>
      </TableCell>
      <TableCell>
        <ReportLink m={m} />
      </TableCell>
    </TableRow>
  );
}

/** One page of the log; the last loaded page offers the next (keyset cursor, no offsets). */
function LogPage(props: {
  filters: LogFilters;
  cursor?: string;
  last: boolean;
  compact: boolean;
  more(c: string): void;
}) {
  const { filters, cursor, last, compact, more } = props;
  const span = compact ? 3 : 8;
  const { data, isFetching, isError } = useGetMissionLogQuery({ ...filters, cursor });
  if (isError)
    return (
      <TableRow>
        <TableCell colSpan={span}>
          <Alert severity="error">Failed to load the Mission Log</Alert>
        </TableCell>
      </TableRow>
    );
  if (!data)
    return (
      <TableRow>
        <TableCell colSpan={span} role="status">
          Loading...
        </TableCell>
      </TableRow>
    );
  if (!cursor && data.missions.length === 0)
    return (
      <TableRow>
        <TableCell colSpan={span}>No finished missions match these filters.</TableCell>
      </TableRow>
    );
  return (
    <>
      {data.missions.map((m) =>
        compact ? <CompactRow key={m.missionid} m={m} /> : <WideRow key={m.missionid} m={m} />,
      )}
      {last && data.next && (
        <TableRow>
          <TableCell colSpan={span} align="center">
            <Button
              variant="outlined"
              color="secondary"
              disabled={isFetching}
              onClick={() => more(data.next!)}
            >
              Load more
            </Button>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

const visuallyHidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 would mean 100%.
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const HEADERS = ['Finished', 'Type', 'Hero', 'Land', 'Duration', 'Outcome', 'Rewards', 'Report'];
const COMPACT_HEADERS = ['Mission', 'Result', 'Report'];

function MissionLog() {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [filters, setFilters] = useState<LogFilters>({});
  const [cursors, setCursors] = useState<string[]>([]);
  const change = (next: LogFilters) => {
    setFilters(next);
    setCursors([]);
  };
  const pages: Array<string | undefined> = [undefined, ...cursors];
  return (
    <Stack spacing={2}>
      <MissionLogFilters filters={filters} onChange={change} />
      <div>
        <Button
          component="a"
          href={`/misaar/missions/log.csv${logSearch(filters)}`}
          download="mission-log.csv"
          startIcon={<Download aria-hidden />}
          variant="outlined"
          color="secondary"
        >
          Export CSV
        </Button>
      </div>
      <TableContainer sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Finished missions, newest first">
          <TableHead>
            <TableRow>
              {(compact ? COMPACT_HEADERS : HEADERS).map((h) => (
                <TableCell key={h} sx={{ whiteSpace: 'nowrap' }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {pages.map((cursor, i) => (
              <LogPage
                key={cursor ?? 'first'}
                filters={filters}
                cursor={cursor}
                last={i === pages.length - 1}
                compact={compact}
                more={(c) => setCursors((list) => [...list, c])}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}

/** `/missions/log` (docs/screens.md): every finished mission, filtered, each a click from its report. */
export function MissionLogPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Mission Log
      </Typography>
      <LevelGate level={4} text={LOCKED.log}>
        <MissionLog />
      </LevelGate>
    </Stack>
  );
}
