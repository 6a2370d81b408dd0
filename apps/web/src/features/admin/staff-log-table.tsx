import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { StaffLogEntry } from '@aleph/contracts';
import { DataRows, DataTable, type Column } from './data-table';
import { when } from './format';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One value of a row's details: times in the reader's zone, null as "none". */
function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'string') return ISO_TIME.test(value) ? when(value) : value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A row's details as short lines: what changed ("suspendedUntil: none → Nov 22, 2026 09:00")
 * when the row has a before and an after, then its other facts ("sessionsEnded: 2").
 */
export function detailLines(details: unknown): string[] {
  if (!isRecord(details))
    return details === null || details === undefined ? [] : [valueText(details)];
  const { before, after, ...rest } = details;
  const lines: string[] = [];
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      lines.push(`${key}: ${valueText(before[key])} → ${valueText(after[key])}`);
    }
  } else {
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  for (const [key, value] of Object.entries(rest)) lines.push(`${key}: ${valueText(value)}`);
  return lines;
}

function DetailsCell({ details }: { details: unknown }) {
  const lines = detailLines(details);
  if (lines.length === 0) return <>—</>;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {lines.map((line, i) => (
        <Typography key={i} component="li" variant="body2">
          {line}
        </Typography>
      ))}
    </Box>
  );
}

export function PlayerLink({ id, login }: { id: number; login: string }) {
  return (
    <Link component={RouterLink} to={`/admin/players/${id}`} color="secondary">
      {login}
    </Link>
  );
}

const COLUMNS: readonly Column<StaffLogEntry>[] = [
  { header: '#', cell: (e) => e.id },
  { header: 'Time', cell: (e) => when(e.at) },
  { header: 'Staff', cell: (e) => e.actorLabel },
  { header: 'Action', cell: (e) => e.action },
  {
    header: 'Target',
    cell: (e) =>
      e.targetUserId !== null ? (
        <PlayerLink id={e.targetUserId} login={e.targetLogin ?? `#${e.targetUserId}`} />
      ) : (
        '—'
      ),
  },
  { header: 'Reason', cell: (e) => e.reason, wrap: true },
  { header: 'Details', wrap: true, cell: (e) => <DetailsCell details={e.details} /> },
];

/** One page's rows of a paged staff-log table. */
export function StaffLogRows({ entries }: { entries: readonly StaffLogEntry[] }) {
  return <DataRows columns={COLUMNS} rows={entries} rowKey={(e) => e.id} />;
}

/** Staff-log rows: who did what to whom, when, why, and the state before and after. */
export function StaffLogTable(props: {
  label: string;
  entries: readonly StaffLogEntry[];
  footer?: ReactNode;
}) {
  return (
    <DataTable
      label={props.label}
      columns={COLUMNS}
      rows={props.entries}
      rowKey={(e) => e.id}
      empty="No staff actions."
      footer={props.footer}
    />
  );
}
