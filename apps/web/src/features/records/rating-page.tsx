import { useState } from 'react';
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
import type { RatingRow } from '@aleph/contracts';
import { useGetRatingQuery } from './records-endpoints';
import { FramedAvatar } from '../../lib/framed-avatar';
import { formatNumber } from '../../lib/format-number';
import { useProfileDialogs } from '../../lib/profile-dialogs';
import { LevelGate, LOCKED } from './level-gate';

/** The level column gives way on a phone: place, player and power fit 390 px. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } } as const;

function Row({ row, own, open }: { row: RatingRow; own: boolean; open(id: number): void }) {
  return (
    <TableRow
      aria-current={own ? 'true' : undefined}
      sx={
        own ? { '& td': { fontWeight: 700 }, boxShadow: 'inset 4px 0 0 currentColor' } : undefined
      }
    >
      <TableCell>{formatNumber(row.place)}</TableCell>
      <TableCell>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <FramedAvatar name={row.nickname} frame={row.frame} size={28} />
          <Link
            component="button"
            color="secondary"
            aria-haspopup="dialog"
            onClick={() => open(row.profileid)}
            sx={{ textAlign: 'left' }}
          >
            {row.nickname}
            {own ? ' (you)' : ''}
          </Link>
        </Stack>
      </TableCell>
      <TableCell align="right" sx={WIDE_ONLY}>
        {row.level}
      </TableCell>
      <TableCell align="right">{formatNumber(row.power)}</TableCell>
    </TableRow>
  );
}

function Rating() {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const { data, isFetching, isError } = useGetRatingQuery(cursor);
  const [profile, setProfile] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const { PublicProfileDialog } = useProfileDialogs();
  const show = (id: number) => {
    setProfile(id);
    setOpen(true);
  };
  if (isError) return <Alert severity="error">Failed to load the rating</Alert>;
  if (!data) return <Typography role="status">Loading...</Typography>;
  const mineShown = data.rows.some((r) => r.profileid === data.me.profileid);
  return (
    <Stack spacing={2}>
      <Typography>
        Your place: <strong>{formatNumber(data.me.place)}</strong> with{' '}
        {formatNumber(data.me.power)} power
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Profiles rating by power">
          <TableHead>
            <TableRow>
              <TableCell>Place</TableCell>
              <TableCell>Player</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>
                Level
              </TableCell>
              <TableCell align="right">Power</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((row) => (
              <Row
                key={row.profileid}
                row={row}
                own={row.profileid === data.me.profileid}
                open={show}
              />
            ))}
            {!mineShown && <Row row={data.me} own open={show} />}
          </TableBody>
        </Table>
      </TableContainer>
      <Stack direction="row" spacing={1}>
        <Button
          variant="outlined"
          color="secondary"
          disabled={cursors.length === 1 || isFetching}
          onClick={() => setCursors((list) => list.slice(0, -1))}
        >
          Previous
        </Button>
        <Button
          variant="outlined"
          color="secondary"
          disabled={!data.next || isFetching}
          onClick={() => setCursors((list) => [...list, data.next ?? undefined])}
        >
          Next
        </Button>
      </Stack>
      <PublicProfileDialog open={open} profileid={profile} onClose={() => setOpen(false)} />
    </Stack>
  );
}

/** `/profile/rating` (docs/screens.md): every player by power, the caller's place always shown. */
export function RatingPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Profiles rating
      </Typography>
      <LevelGate level={7} text={LOCKED.rating}>
        <Rating />
      </LevelGate>
    </Stack>
  );
}
