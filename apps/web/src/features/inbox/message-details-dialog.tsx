import { useId } from 'react';
import type { Message } from '@aleph/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../lib/detail-list';
import { MessageBody } from './message-body';
import { messageDate } from './message-date';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { PlayerMessageActions } from './player-message-actions';

interface MessageDetailsDialogProps {
  open: boolean;
  /** Kept while the dialog closes so that it does not go blank mid-transition. */
  message: Message | undefined;
  onClose(): void;
  /** A player message's 'Reply' (absent: no player actions). */
  onReply?(message: Message): void;
}

/**
 * 'Message Details': From, Date, Subject and the sanitised Body, with 'Close' (docs/screens.md);
 * a player's message adds 'Reply', 'Block sender' and 'Report'.
 */
export function MessageDetailsDialog(props: MessageDetailsDialogProps) {
  const { open, message, onClose, onReply } = props;
  const titleId = useId();
  const bodyLabelId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>Message Details</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {message && (
          <Stack spacing={2}>
            <DetailList
              details={[
                {
                  term: 'From',
                  value: message.sender_tag
                    ? `${message.sender_name} [${message.sender_tag}]`
                    : message.sender_name,
                },
                { term: 'Date', value: messageDate(message.created) },
                { term: 'Subject', value: message.subject },
              ]}
            />
            <Stack spacing={0.75}>
              <Typography id={bodyLabelId} variant="body2" sx={{ color: 'text.secondary' }}>
                Body
              </Typography>
              <MessageBody html={message.body} labelledBy={bodyLabelId} />
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {message?.sender_id !== undefined && onReply && (
          <PlayerMessageActions
            key={message.msgid}
            message={{ ...message, sender_id: message.sender_id }}
            onReply={onReply}
          />
        )}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
