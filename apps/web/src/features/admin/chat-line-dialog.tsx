import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReportView, StaffActionResult } from '@aleph/contracts';
import { ActionDialog } from './action-dialog';
import { useDeleteChatLineMutation } from './admin-endpoints';

/**
 * Deletes the alliance chat line a report names (`POST /diwan/chat/{lineid}/delete`): the
 * members see it as deleted at once, and the staff log keeps its text. Done, the report's
 * page goes on to resolve the report with this action linked.
 */
export function DeleteLineDialog(props: {
  report: ReportView & { chatLineId: number };
  onClose(): void;
  onDone(result: StaffActionResult): void;
}) {
  const [remove] = useDeleteChatLineMutation();
  const { report } = props;
  return (
    <ActionDialog
      open
      title={`Delete ${report.targetLogin}'s chat line`}
      submitLabel="Delete line"
      description="Every member of the alliance sees the line as deleted. The staff log keeps its text."
      onClose={props.onClose}
      onSubmit={({ reason }) => remove({ lineid: report.chatLineId, reason }).unwrap()}
      onDone={props.onDone}
    >
      {report.quote && (
        <Box
          component="blockquote"
          aria-label="Line to delete"
          sx={{ m: 0, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}
        >
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {report.quote}
          </Typography>
        </Box>
      )}
    </ActionDialog>
  );
}

/** A report that names a chat line. */
export const namesLine = (report: ReportView): report is ReportView & { chatLineId: number } =>
  report.chatLineId !== null;
