import { useState } from 'react';
import type { BoardResponse, BoardRow } from '@aleph/contracts';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { formatNumber } from '../../lib/format-number';
import { DEFAULT_ROWS_PER_PAGE, pageOf, ROWS_PER_PAGE_OPTIONS } from '../../lib/rows-per-page';
import Box from '@mui/material/Box';
import { FramedAvatar } from '../../lib/framed-avatar';

interface BoardTableProps {
  title: string;
  board: BoardResponse;
  onOpenProfile(profileid: number): void;
}

/** The player's own row: highlighted, with '(You)' after the name. */
// Light orange on the tinted row keeps a contrast above 5:1 (the main orange would not).
const ownRowSx = {
  bgcolor: 'rgba(255, 152, 0, 0.14)',
  '& td': { fontWeight: 700, color: 'secondary.light' },
} as const;

function BoardRowView({
  row,
  own,
  onOpenProfile,
}: {
  row: BoardRow;
  own: boolean;
  onOpenProfile(profileid: number): void;
}) {
  return (
    <TableRow sx={own ? ownRowSx : undefined}>
      <TableCell>{row.rank}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ display: 'inline-flex', mr: 1, verticalAlign: 'middle' }}>
          <FramedAvatar name={row.profilename} frame={row.frame} size={24} />
        </Box>
        <Link
          component="button"
          type="button"
          color={own ? 'inherit' : 'primary'}
          onClick={() => onOpenProfile(row.profileid)}
          sx={{ font: 'inherit', textAlign: 'left', verticalAlign: 'baseline' }}
        >
          {row.profilename}
        </Link>
        {row.tag && (
          <Box component="span" sx={{ ml: 0.75, color: 'text.secondary' }}>
            [{row.tag}]
          </Box>
        )}
        {own && ' (You)'}
      </TableCell>
      <TableCell align="right">{formatNumber(row.score)}</TableCell>
    </TableRow>
  );
}

/**
 * Rank, Profile Name and Score of this week's top 100. The player's own row is highlighted
 * where it is; outside the top 100 it follows the table as its footer.
 */
export function BoardTable({ title, board, onOpenProfile }: BoardTableProps) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_ROWS_PER_PAGE);
  const ownId = board.profileData?.profileid;
  const ownOutside =
    board.profileData && !board.data.some((row) => row.profileid === ownId)
      ? board.profileData
      : null;
  const shown = pageOf(board.data, page, rowsPerPage);

  return (
    <>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={`${title} table`}
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '4.5rem' }}>Rank</TableCell>
              <TableCell>Profile Name</TableCell>
              <TableCell align="right">Score</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.rows.map((row) => (
              <BoardRowView
                key={row.profileid}
                row={row}
                own={row.profileid === ownId}
                onOpenProfile={onOpenProfile}
              />
            ))}
          </TableBody>
          {ownOutside && (
            <TableFooter sx={{ '& td': { fontSize: '0.875rem' } }}>
              <BoardRowView row={ownOutside} own onOpenProfile={onOpenProfile} />
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {board.data.length > DEFAULT_ROWS_PER_PAGE && (
        <TablePagination
          component="div"
          count={board.data.length}
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
