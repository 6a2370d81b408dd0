import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { StaffLogEntry } from '@aleph/contracts';
import { DataRows, DataTable, type Column } from './data-table';
import { when } from './format';

/** A row's before/after (or what it changed) in one short line of JSON. */
export function detailsText(details: unknown): string {
  if (details === null || details === undefined) return '—';
  const text = JSON.stringify(details);
  return text === '{}' ? '—' : text;
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
  {
    header: 'Details',
    wrap: true,
    cell: (e) => (
      <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
        {detailsText(e.details)}
      </Typography>
    ),
  },
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
