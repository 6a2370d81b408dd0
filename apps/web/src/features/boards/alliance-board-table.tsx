import { useState } from 'react';
import type { AllianceBoardResponse, AllianceBoardRow } from '@aleph/contracts';
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

// As the player boards' own row: tinted, bold, and said in words ('(Your alliance)').
const ownRowSx = {
  bgcolor: 'rgba(255, 152, 0, 0.14)',
  '& td': { fontWeight: 700, color: 'secondary.light' },
} as const;

function AllianceRowView({ row, own }: { row: AllianceBoardRow; own: boolean }) {
  return (
    <TableRow sx={own ? ownRowSx : undefined}>
      <TableCell>{row.rank}</TableCell>
      <TableCell sx={{ overflowWrap: 'anywhere' }}>
        [{row.tag}] {row.name}
        {own && ' (Your alliance)'}
      </TableCell>
      <TableCell align="right">{formatNumber(row.members)}</TableCell>
      <TableCell align="right">{formatNumber(row.xp)}</TableCell>
    </TableRow>
  );
}

/**
 * Rank, Alliance ([TAG] name), Members and XP of this week's top alliances. The caller's
 * alliance is highlighted where it is; outside the top it follows the table as its footer.
 */
export function AllianceBoardTable({ board }: { board: AllianceBoardResponse }) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_ROWS_PER_PAGE);
  const ownId = board.mine?.allianceId;
  const ownOutside =
    board.mine && !board.rows.some((r) => r.allianceId === ownId) ? board.mine : null;
  const shown = pageOf(board.rows, page, rowsPerPage);
  return (
    <>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label="Alliances table"
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '4.5rem' }}>Rank</TableCell>
              <TableCell>Alliance</TableCell>
              <TableCell align="right">Members</TableCell>
              <TableCell align="right">XP</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.rows.map((row) => (
              <AllianceRowView key={row.allianceId} row={row} own={row.allianceId === ownId} />
            ))}
          </TableBody>
          {ownOutside && (
            <TableFooter sx={{ '& td': { fontSize: '0.875rem' } }}>
              <AllianceRowView row={ownOutside} own />
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {board.rows.length > DEFAULT_ROWS_PER_PAGE && (
        <TablePagination
          component="div"
          count={board.rows.length}
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
