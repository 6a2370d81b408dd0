/** docs/screens.md (Display rules): every table (and card list) offers these page sizes; the inbox keeps 10. */
export const ROWS_PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

export const DEFAULT_ROWS_PER_PAGE = ROWS_PER_PAGE_OPTIONS[0];

/** A page size from a URL or a select, or the default when it is not one of the options. */
export function parseRowsPerPage(value: string | number | null | undefined): number {
  const rows = Number(value);
  return (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(rows) ? rows : DEFAULT_ROWS_PER_PAGE;
}

/** The rows of one page; a page past the end shows the last page instead of nothing. */
export function pageOf<T>(rows: readonly T[], page: number, rowsPerPage: number) {
  const lastPage = Math.max(0, Math.ceil(rows.length / rowsPerPage) - 1);
  const current = Math.min(Math.max(0, page), lastPage);
  return {
    page: current,
    rows: rows.slice(current * rowsPerPage, (current + 1) * rowsPerPage),
  };
}
