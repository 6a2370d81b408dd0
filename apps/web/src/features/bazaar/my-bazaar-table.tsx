import { useState, type ReactNode } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DEFAULT_ROWS_PER_PAGE, pageOf, ROWS_PER_PAGE_OPTIONS } from '../../lib/rows-per-page';

export interface Column<T> {
  head: string;
  align?: 'right';
  cell(row: T): ReactNode;
}

interface MyBazaarTableProps<T> {
  /** The table's name for screen readers ('My listings'). */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  empty: string;
}

/**
 * One of My Bazaar's tables. Three columns, each stacking its details in lines, so a row reads
 * whole at 390 px without scrolling sideways; pages of 10, 25, 50 or 100 (docs/screens.md).
 */
export function MyBazaarTable<T>({ label, columns, rows, rowKey, empty }: MyBazaarTableProps<T>) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(DEFAULT_ROWS_PER_PAGE);
  if (rows.length === 0) {
    return <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>;
  }
  const shown = pageOf(rows, page, rowsPerPage);
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label={label} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column.head} align={column.align}>
                  {column.head}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.rows.map((row) => (
              <TableRow key={rowKey(row)}>
                {columns.map((column) => (
                  <TableCell
                    key={column.head}
                    align={column.align}
                    // Amounts wrap at their spaces only, never inside a number.
                    sx={{ verticalAlign: 'top' }}
                  >
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > DEFAULT_ROWS_PER_PAGE && (
        <TablePagination
          component="div"
          count={rows.length}
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
