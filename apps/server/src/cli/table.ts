/** A plain-text table: numbers right-aligned, the rest left-aligned, two spaces apart. */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const numeric = headers.map(
    (_, c) => rows.length > 0 && rows.every((row) => typeof row[c] === 'number'),
  );
  const widths = headers.map((_, c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  return cells
    .map((row) =>
      row
        .map((cell, c) =>
          numeric[c] ? cell.padStart(widths[c] ?? 0) : cell.padEnd(widths[c] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `2026-01-05 08:00` in UTC: sortable, and the same on every operator's machine. */
export const formatUtc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')}`;
