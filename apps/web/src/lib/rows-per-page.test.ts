import { describe, expect, it } from 'vitest';
import { pageOf, parseRowsPerPage, ROWS_PER_PAGE_OPTIONS } from './rows-per-page';

describe('rows per page', () => {
  it('offers 10, 25, 50 and 100 (docs/screens.md)', () => {
    expect(ROWS_PER_PAGE_OPTIONS).toEqual([10, 25, 50, 100]);
  });

  it('accepts only those sizes, else 10', () => {
    expect(parseRowsPerPage('25')).toBe(25);
    expect(parseRowsPerPage(100)).toBe(100);
    expect(parseRowsPerPage('7')).toBe(10);
    expect(parseRowsPerPage(null)).toBe(10);
  });

  it('cuts one page, and shows the last page for a page past the end', () => {
    const rows = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(rows, 1, 10)).toEqual({
      page: 1,
      rows: [10, 11, 12, 13, 14, 15, 16, 17, 18, 19],
    });
    expect(pageOf(rows, 9, 10)).toEqual({ page: 2, rows: [20, 21, 22] });
    expect(pageOf([], 3, 10)).toEqual({ page: 0, rows: [] });
  });
});
