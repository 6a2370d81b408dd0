import type { ReportReason, ReportView } from '@aleph/contracts';
import Box from '@mui/material/Box';
import { DataTable, type Column } from './data-table';
import { when } from './format';
import { PlayerLink } from './staff-log-table';

export const REASON_LABELS: Record<ReportReason, string> = {
  cheating: 'Cheating',
  abusive_name: 'Abusive name',
  harassment: 'Harassment',
  spam: 'Spam',
  other: 'Other',
};

export const REPORT_STATUS_LABELS = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
} as const;

const handled = (r: ReportView) =>
  r.status === 'open'
    ? 'Open'
    : `${REPORT_STATUS_LABELS[r.status]} by ${r.handledBy ?? '?'}, ${when(r.handledAt)}${
        r.staffLogId !== null ? ` (staff log #${r.staffLogId})` : ''
      }`;

/** The reporter's words, and the reported text (a message or chat line) when there is one. */
const details = (r: ReportView) =>
  r.quote === null ? (
    (r.text ?? '—')
  ) : (
    <>
      {r.text && (
        <Box component="span" sx={{ display: 'block' }}>
          {r.text}
        </Box>
      )}
      <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
        Reported text: {r.quote}
      </Box>
    </>
  );

/** Reports about a player (`side` 'reporter') or by them ('target'), newest first. */
export function ReportTable(props: {
  label: string;
  reports: readonly ReportView[];
  side: 'reporter' | 'target';
}) {
  const columns: Column<ReportView>[] = [
    { header: 'Date', cell: (r) => when(r.createdAt) },
    props.side === 'reporter'
      ? {
          header: 'Reporter',
          cell: (r) => <PlayerLink id={r.reporterId} login={r.reporterLogin} />,
        }
      : { header: 'Player', cell: (r) => <PlayerLink id={r.targetId} login={r.targetLogin} /> },
    { header: 'Reason', cell: (r) => REASON_LABELS[r.reason] },
    { header: 'Details', cell: details, wrap: true },
    { header: 'Status', cell: handled, wrap: true },
  ];
  return (
    <DataTable
      label={props.label}
      columns={columns}
      rows={props.reports}
      rowKey={(r) => r.id}
      empty="No reports."
    />
  );
}
