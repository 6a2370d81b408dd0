import { useId, useState } from 'react';
import type { SentMessage } from '@aleph/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DetailList } from '../../lib/detail-list';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { useGetSentMessagesQuery } from './compose-endpoints';
import { messageDate } from './message-date';

const Note = ({ children }: { children: string }) => (
  <Typography sx={{ color: 'text.secondary', p: 2 }}>{children}</Typography>
);

/** One page's rows; the last loaded page offers the next. */
function SentPage(props: {
  cursor: string | undefined;
  last: boolean;
  onOpen(message: SentMessage): void;
  onMore(cursor: string): void;
}) {
  const { data, isLoading, isError } = useGetSentMessagesQuery(props.cursor);
  if (isLoading) {
    return (
      <TableRow>
        <TableCell colSpan={3} role="status">
          Loading...
        </TableCell>
      </TableRow>
    );
  }
  if (isError || !data) {
    return (
      <TableRow>
        <TableCell colSpan={3}>Error loading data</TableCell>
      </TableRow>
    );
  }
  if (props.cursor === undefined && data.messages.length === 0) {
    return (
      <TableRow>
        <TableCell colSpan={3}>
          <Note>You have not sent any messages yet.</Note>
        </TableCell>
      </TableRow>
    );
  }
  return (
    <>
      {data.messages.map((m) => (
        <TableRow key={m.id} hover onClick={() => props.onOpen(m)} sx={{ cursor: 'pointer' }}>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{m.to}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>
            <Link
              component="button"
              type="button"
              color="inherit"
              underline="hover"
              onClick={(event) => {
                event.stopPropagation();
                props.onOpen(m);
              }}
              sx={{ font: 'inherit', textAlign: 'left', verticalAlign: 'baseline' }}
            >
              {m.subject}
            </Link>
          </TableCell>
          <TableCell>{messageDate(m.created)}</TableCell>
        </TableRow>
      ))}
      {props.last && data.nextCursor !== null && (
        <TableRow>
          <TableCell colSpan={3} align="center">
            <Button onClick={() => props.onMore(data.nextCursor!)}>Load more</Button>
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/** A sent message, read-only: To, Date, Subject and the text as written. */
function SentDialog(props: { message: SentMessage | undefined; onClose(): void }) {
  const titleId = useId();
  const { message } = props;
  return (
    <Dialog
      open={message !== undefined}
      onClose={props.onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>Sent message</DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
        {message && (
          <Stack spacing={2}>
            <DetailList
              details={[
                { term: 'To', value: message.to },
                { term: 'Date', value: messageDate(message.created) },
                { term: 'Subject', value: message.subject },
              ]}
            />
            <Typography
              aria-label="Message"
              sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {message.body}
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The 'Sent' view of the inbox: To, Subject, Date, newest first; a row opens the message. */
export function SentView() {
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [open, setOpen] = useState<SentMessage>();
  return (
    <>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label="Sent messages"
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>To</TableCell>
              <TableCell>Subject</TableCell>
              <TableCell>Date</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {cursors.map((cursor, i) => (
              <SentPage
                key={cursor ?? 'newest'}
                cursor={cursor}
                last={i === cursors.length - 1}
                onOpen={setOpen}
                onMore={(next) => setCursors((list) => [...list, next])}
              />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <SentDialog message={open} onClose={() => setOpen(undefined)} />
    </>
  );
}
