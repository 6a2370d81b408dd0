import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  /** Long text (user agents, reasons) wraps; everything else stays on one line. */
  wrap?: boolean;
}

interface DataTableProps<T> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  /** What an empty table says. */
  empty: string;
  /** Rows after the data: a "Load more" button, a loading line. */
  footer?: ReactNode;
}

/**
 * The console's tables: small, dense, named, and scrolled sideways inside their own box on a
 * phone (the page itself never is).
 */
export function DataTable<T>({ label, columns, rows, rowKey, empty, footer }: DataTableProps<T>) {
  return (
    // Focusable, so that a keyboard scrolls a table wider than a phone (it scrolls in its box).
    <TableContainer tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header} sx={{ whiteSpace: 'nowrap' }}>
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && !footer && (
            <TableRow>
              <TableCell colSpan={columns.length}>{empty}</TableCell>
            </TableRow>
          )}
          <DataRows columns={columns} rows={rows} rowKey={rowKey} />
          {footer}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The rows of a table's data; a paged table renders one set per page. */
export function DataRows<T>(props: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
}) {
  return props.rows.map((row) => (
    <TableRow key={props.rowKey(row)} hover>
      {props.columns.map((column) => (
        <TableCell
          key={column.header}
          sx={column.wrap ? { minWidth: 200, overflowWrap: 'anywhere' } : { whiteSpace: 'nowrap' }}
        >
          {column.cell(row)}
        </TableCell>
      ))}
    </TableRow>
  ));
}

/**
 * A full-width row under a table's data: "Load more", "Loading...", an error. Its content keeps
 * to the left edge of the box, so that a table scrolled sideways on a phone still shows it.
 */
export function FooterRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={span}>
        <Box sx={{ position: 'sticky', left: 0, display: 'inline-block' }}>{children}</Box>
      </TableCell>
    </TableRow>
  );
}

/** One page of a keyset-paged table body: its rows, or why there are none, and "Load more". */
export function PagedRows<P extends { nextCursor: string | null }>(props: {
  span: number;
  /** The page's query result (RTK Query). */
  query: { data?: P; isError: boolean; isFetching: boolean };
  /** The alert when the page failed to load. */
  failed: string;
  /** The row shown when the first page is empty. */
  empty: string;
  count(page: P): number;
  rows(page: P): ReactNode;
  /** This is the first page (an empty later page says nothing). */
  first: boolean;
  /** This is the last loaded page: it offers the next one. */
  last: boolean;
  more(cursor: string): void;
}) {
  const { span, query } = props;
  const { data, isError, isFetching } = query;
  if (isError)
    return (
      <FooterRow span={span}>
        <Alert severity="error">{props.failed}</Alert>
      </FooterRow>
    );
  if (!data)
    return (
      <FooterRow span={span}>
        <span role="status">Loading...</span>
      </FooterRow>
    );
  return (
    <>
      {props.rows(data)}
      {props.first && props.count(data) === 0 && <FooterRow span={span}>{props.empty}</FooterRow>}
      {props.last && data.nextCursor && (
        <FooterRow span={span}>
          <Button
            variant="outlined"
            color="secondary"
            disabled={isFetching}
            onClick={() => props.more(data.nextCursor!)}
          >
            Load more
          </Button>
        </FooterRow>
      )}
    </>
  );
}
