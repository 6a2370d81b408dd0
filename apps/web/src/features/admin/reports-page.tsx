import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReportQueue, ReportStatus, ReportView } from '@aleph/contracts';
import { NativeSelectField } from '../../lib/native-select-field';
import { ActionDialog } from './action-dialog';
import { DeleteLineDialog, namesLine } from './chat-line-dialog';
import {
  useGetReportsQuery,
  useGetStaffLogQuery,
  useResolveReportMutation,
} from './admin-endpoints';
import { when } from './format';
import { REASON_LABELS, REPORT_STATUS_LABELS } from './report-table';
import { PlayerLink } from './staff-log-table';
import { PageTitle } from './page-title';

type Group = ReportQueue['groups'][number];
/** What staff do with a report: resolve or dismiss it, or delete the chat line it names. */
type Outcome = 'resolve' | 'dismiss' | 'delete';

const STATUSES: readonly ReportStatus[] = ['open', 'resolved', 'dismissed'];

/** The action a resolution links to: one of the target's latest staff-log rows, or none. */
function ActionField(props: { targetLogin: string; value: string; onChange(v: string): void }) {
  const { data } = useGetStaffLogQuery({ target: props.targetLogin, limit: 20 });
  const options = (data?.entries ?? []).map((e) => ({
    value: String(e.id),
    label: `#${e.id} ${e.action}, ${when(e.at)} by ${e.actorLabel}`,
  }));
  // The action just taken from this page (a deleted line) is offered even before the log shows it.
  if (props.value && !options.some((o) => o.value === props.value))
    options.unshift({ value: props.value, label: `#${props.value} (just taken)` });
  return (
    <NativeSelectField
      id="resolve-action"
      label="Action taken"
      value={props.value}
      placeholder="No action linked"
      options={options}
      onChange={props.onChange}
      helperText="The staff log's row of what was done about it, if anything."
    />
  );
}

function HandleDialog(props: {
  report: ReportView;
  outcome: 'resolve' | 'dismiss';
  /** The staff-log row to link, chosen already (the line just deleted). */
  linked?: number;
  onClose(): void;
  onDone(text: string): void;
}) {
  const [handle] = useResolveReportMutation();
  const [action, setAction] = useState(props.linked ? String(props.linked) : '');
  const { report, outcome } = props;
  const resolve = outcome === 'resolve';
  return (
    <ActionDialog
      open
      title={`${resolve ? 'Resolve' : 'Dismiss'} report #${report.id} on ${report.targetLogin}`}
      submitLabel={resolve ? 'Resolve' : 'Dismiss'}
      description={`The reporter, ${report.reporterLogin}, is told that the report was handled, not what was done.`}
      onClose={props.onClose}
      onSubmit={({ reason }) =>
        handle({
          id: report.id,
          outcome,
          reason,
          ...(resolve && action ? { action: Number(action) } : {}),
        }).unwrap()
      }
      onDone={(result) =>
        props.onDone(
          `Report #${report.id} ${resolve ? 'resolved' : 'dismissed'}. Staff log #${result.staffLogId}.`,
        )
      }
    >
      {resolve && (
        <ActionField targetLogin={report.targetLogin} value={action} onChange={setAction} />
      )}
    </ActionDialog>
  );
}

function ReportLine(props: { report: ReportView; onHandle(outcome: Outcome): void }) {
  const { report } = props;
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Stack spacing={0.5}>
        <Typography variant="body2">
          <strong>{REASON_LABELS[report.reason]}</strong> · {when(report.createdAt)} · by{' '}
          <PlayerLink id={report.reporterId} login={report.reporterLogin} />
        </Typography>
        {report.text && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.text}
          </Typography>
        )}
        {report.quote && (
          <Box
            component="blockquote"
            aria-label="Reported text"
            sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
          >
            <Typography variant="caption" color="text.secondary" component="p">
              Reported text{report.chatLineId !== null ? ' (alliance chat)' : ''}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {report.quote}
            </Typography>
          </Box>
        )}
        {report.status === 'open' ? (
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button
              size="small"
              variant="outlined"
              color="secondary"
              aria-haspopup="dialog"
              aria-label={`Resolve report #${report.id}`}
              onClick={() => props.onHandle('resolve')}
            >
              Resolve
            </Button>
            <Button
              size="small"
              aria-haspopup="dialog"
              aria-label={`Dismiss report #${report.id}`}
              onClick={() => props.onHandle('dismiss')}
            >
              Dismiss
            </Button>
            {namesLine(report) && (
              <Button
                size="small"
                color="error"
                aria-haspopup="dialog"
                aria-label={`Delete the chat line of report #${report.id}`}
                onClick={() => props.onHandle('delete')}
              >
                Delete line
              </Button>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {REPORT_STATUS_LABELS[report.status]} by {report.handledBy ?? '?'},{' '}
            {when(report.handledAt)}
            {report.staffLogId !== null && ` (staff log #${report.staffLogId})`}
          </Typography>
        )}
      </Stack>
    </Box>
  );
}

/** One target's reports: a region named after the player, with the way to their file. */
function GroupCard(props: { group: Group; onHandle(report: ReportView, outcome: Outcome): void }) {
  const { group } = props;
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'baseline',
          columnGap: 2,
          rowGap: 0.5,
        }}
      >
        <Typography id={headingId} variant="h6" component="h3">
          {group.targetNickname} ({group.targetLogin})
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {group.count} {group.count === 1 ? 'report' : 'reports'}, the oldest {when(group.oldest)}
        </Typography>
        <Button
          component={RouterLink}
          to={`/admin/players/${group.targetId}`}
          nativeButton={false}
          size="small"
          variant="contained"
          color="secondary"
          sx={{ ml: { sm: 'auto' } }}
        >
          Open {group.targetLogin}
        </Button>
      </Box>
      <Box component="ul" sx={{ m: 0, mt: 1, p: 0 }}>
        {group.reports.map((report) => (
          <ReportLine
            key={report.id}
            report={report}
            onHandle={(outcome) => props.onHandle(report, outcome)}
          />
        ))}
      </Box>
    </Paper>
  );
}

/**
 * `/admin/reports`: the players' reports grouped by the player reported, the longest-waiting
 * group first. Each report is resolved (optionally linked to the staff action taken) or
 * dismissed, with a reason.
 */
export function ReportsPage() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const { data, isError } = useGetReportsQuery(status);
  const [handling, setHandling] = useState<{
    report: ReportView;
    outcome: Outcome;
    linked?: number;
  }>();
  const [done, setDone] = useState<string>();
  return (
    <Stack spacing={2}>
      <PageTitle
        title="Reports"
        about="Grouped by the player reported, the longest waiting first."
      />
      <Box sx={{ maxWidth: 240 }}>
        <NativeSelectField
          id="reports-status"
          label="Status"
          size="small"
          value={status}
          options={STATUSES.map((s) => ({ value: s, label: REPORT_STATUS_LABELS[s] }))}
          onChange={(value) => setStatus(value as ReportStatus)}
        />
      </Box>
      {done && (
        <Alert severity="success" role="status" onClose={() => setDone(undefined)}>
          {done}
        </Alert>
      )}
      {isError && <Alert severity="error">Failed to load the reports</Alert>}
      {!data && !isError && <Typography role="status">Loading...</Typography>}
      {data?.groups.length === 0 && (
        <Typography>{status === 'open' ? 'No open reports.' : `No ${status} reports.`}</Typography>
      )}
      {data?.groups.map((group) => (
        <GroupCard
          key={group.targetId}
          group={group}
          onHandle={(report, outcome) => setHandling({ report, outcome })}
        />
      ))}
      {handling && handling.outcome === 'delete' && namesLine(handling.report) && (
        <DeleteLineDialog
          report={handling.report}
          onClose={() => setHandling(undefined)}
          onDone={(result) => {
            setDone(`Line deleted. Staff log #${result.staffLogId}.`);
            // Then the report, with the deletion linked as the action taken.
            setHandling({ report: handling.report, outcome: 'resolve', linked: result.staffLogId });
          }}
        />
      )}
      {handling && handling.outcome !== 'delete' && (
        <HandleDialog
          key={`${handling.report.id}-${handling.outcome}`}
          report={handling.report}
          outcome={handling.outcome}
          linked={handling.linked}
          onClose={() => setHandling(undefined)}
          onDone={setDone}
        />
      )}
    </Stack>
  );
}
