import { useState } from 'react';
import type { Message } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useBlockPlayerMutation } from '../../api/block-endpoints';
import { serverMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { ReportDialog } from '../../lib/report-dialog';

/** 'Re: <subject>', once however often a message is answered. */
export const replySubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`.slice(0, 120);

/**
 * A player message's buttons in Message Details: 'Reply', 'Block sender' (asked first) and
 * 'Report' (the report carries the message). The outcome of a block is said above them.
 */
export function PlayerMessageActions(props: {
  message: Message & { sender_id: number };
  onReply(message: Message): void;
}) {
  const { message } = props;
  const [asking, setAsking] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [block, { isLoading, isSuccess, error, reset }] = useBlockPlayerMutation();
  const confirm = () => {
    setAsking(false);
    void block(message.sender_id);
  };
  return (
    <>
      {isSuccess && (
        <Alert severity="success" onClose={reset} sx={{ flexBasis: '100%' }}>
          You blocked {message.sender_name}. Their messages no longer reach you; you can lift this
          in your account settings.
        </Alert>
      )}
      {error !== undefined && (
        <Alert severity="error" onClose={reset} sx={{ flexBasis: '100%' }}>
          {serverMessage(error) ?? 'The player could not be blocked. Please try again.'}
        </Alert>
      )}
      <Button onClick={() => props.onReply(message)} color="secondary" variant="contained">
        Reply
      </Button>
      <Button onClick={() => setAsking(true)} disabled={isLoading || isSuccess}>
        Block sender
      </Button>
      <Button onClick={() => setReporting(true)}>Report</Button>
      <ConfirmDialog
        open={asking}
        title={`Block ${message.sender_name}?`}
        confirmLabel="Block"
        onConfirm={confirm}
        onClose={() => setAsking(false)}
      >
        Their messages and alliance invitations will no longer reach you. They are not told.
      </ConfirmDialog>
      {reporting && (
        <ReportDialog
          open
          profileid={message.sender_id}
          nickname={message.sender_name}
          messageid={message.msgid}
          onClose={() => setReporting(false)}
        />
      )}
    </>
  );
}
