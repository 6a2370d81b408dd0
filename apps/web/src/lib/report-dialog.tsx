import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReportReason } from '@aleph/contracts';
import { httpStatus, serverMessage } from '../api/error-message';
import { dialogPaperProps } from './dialog-paper';
import { NativeSelectField } from './native-select-field';
import { retryAfterSeconds, waitInWords } from './retry-after';
import { useCreateReportMutation } from './report-endpoints';

/** docs/screens.md (Profile Information, Report): the reasons a player picks from. */
export const REPORT_REASONS: readonly { value: ReportReason; label: string }[] = [
  { value: 'cheating', label: 'Cheating' },
  { value: 'abusive_name', label: 'Abusive name' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'spam', label: 'Spam' },
  { value: 'other', label: 'Other' },
];

export const REPORT_MAX_TEXT = 1000;
export const REPORT_SENT_TEXT = 'Thank you. Our team will look at your report.';
export const REPORT_OPEN_TEXT = 'You have already reported this player; our team is looking at it.';

/** What the player reads when the server refuses the report. */
function refusalText(error: unknown): string {
  const status = httpStatus(error);
  if (status === 409) return REPORT_OPEN_TEXT;
  if (status === 429) {
    const seconds = retryAfterSeconds(error);
    return seconds === undefined
      ? 'You have sent too many reports today. Please try again later.'
      : `You have sent too many reports today. Please try again in ${waitInWords(seconds)}.`;
  }
  return serverMessage(error) ?? 'The report could not be sent. Please try again.';
}

interface ReportDialogProps {
  open: boolean;
  profileid: number;
  nickname: string;
  /** The reported inbox message (the reporter's own), sent with the report. */
  messageid?: number;
  /** The reported line of the reporter's alliance chat, sent with the report. */
  chatlineid?: number;
  onClose(): void;
}

/**
 * "Report <nickname>": a reason and optional details (up to 1,000 characters) to the operators'
 * queue, `POST /athar/reports`, with the message or chat line reported when one is given (the
 * server keeps a copy of its text for staff). The server keeps one open report per reporter and player and ten
 * a day: both refusals are said in words.
 */
export function ReportDialog(props: ReportDialogProps) {
  const { open, profileid, nickname, messageid, chatlineid, onClose } = props;
  const titleId = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const [report, { isLoading, isSuccess, reset }] = useCreateReportMutation();
  const tooLong = text.length > REPORT_MAX_TEXT;

  const close = () => {
    onClose();
    setReason('');
    setText('');
    setRefusal(undefined);
    reset();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason === '' || tooLong || isLoading) return;
    setRefusal(undefined);
    const details = text.trim();
    try {
      await report({
        profileid,
        reason,
        ...(details ? { text: details } : {}),
        ...(messageid !== undefined ? { messageid } : {}),
        ...(chatlineid !== undefined ? { chatlineid } : {}),
      }).unwrap();
    } catch (error) {
      setRefusal(refusalText(error));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>Report {nickname}</DialogTitle>
      {isSuccess ? (
        <>
          <DialogContent dividers>
            <Typography role="status">{REPORT_SENT_TEXT}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Close</Button>
          </DialogActions>
        </>
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <DialogContent dividers>
            <Stack spacing={2}>
              <Typography variant="body2" color="text.secondary">
                Our team reads every report. The player is not told who reported them.
              </Typography>
              <NativeSelectField
                id="report-reason"
                label="Reason"
                value={reason}
                placeholder="Choose a reason"
                options={REPORT_REASONS}
                onChange={(value) => setReason(value as ReportReason | '')}
                disabled={isLoading}
              />
              <TextField
                id="report-details"
                label="Details"
                value={text}
                onChange={(event) => setText(event.target.value)}
                multiline
                minRows={3}
                maxRows={8}
                disabled={isLoading}
                error={tooLong}
                helperText={
                  tooLong
                    ? `At most ${REPORT_MAX_TEXT} characters (${text.length} now).`
                    : `Optional, up to ${REPORT_MAX_TEXT} characters.`
                }
              />
              {refusal && <Alert severity="warning">{refusal}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button
              type="submit"
              variant="contained"
              color="secondary"
              loading={isLoading}
              disabled={reason === '' || tooLong}
            >
              Send report
            </Button>
          </DialogActions>
        </Box>
      )}
    </Dialog>
  );
}
