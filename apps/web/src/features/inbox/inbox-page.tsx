import { useState } from 'react';
import type { Message } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import {
  useGetMessagesQuery,
  useMarkMessageDeletedMutation,
  useMarkMessageReadMutation,
} from '../../api/message-endpoints';
import { pageOf } from '../../lib/rows-per-page';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { MessageDetailsDialog } from './message-details-dialog';
import { MessageTable } from './message-table';

/** docs/screens.md (Inbox): the inbox pages by 10, its only option. */
export const INBOX_PAGE_SIZE = 10;

const Note = ({ children }: { children: string }) => (
  <Typography sx={{ color: 'text.secondary', p: 2 }}>{children}</Typography>
);

/** The inbox at /messages: newest first; opening marks read, deleting never opens. */
export function InboxPage() {
  const messages = useGetMessagesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkMessageReadMutation();
  const [markDeleted] = useMarkMessageDeletedMutation();
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const [actionError, setActionError] = useState<string | null>(null);

  const list = messages.data ?? [];
  const shown = pageOf(list, page, INBOX_PAGE_SIZE);
  const selected = list.find((message) => message.msgid === shownId);

  const open = (message: Message) => {
    setOpenId(message.msgid);
    setShownId(message.msgid);
    if (message.read) return;
    markRead(message.msgid)
      .unwrap()
      .catch((error: unknown) =>
        setActionError(`Could not mark the message read: ${queryErrorDetail(error)}`),
      );
  };

  const remove = (message: Message) => {
    setDeleting((ids) => new Set(ids).add(message.msgid));
    markDeleted(message.msgid)
      .unwrap()
      .catch((error: unknown) =>
        setActionError(`Could not delete the message: ${queryErrorDetail(error)}`),
      )
      .finally(() =>
        setDeleting((ids) => {
          const next = new Set(ids);
          next.delete(message.msgid);
          return next;
        }),
      );
  };

  let content;
  if (messages.isLoading) {
    content = (
      <Typography role="status" sx={{ p: 2 }}>
        Loading...
      </Typography>
    );
  } else if (!messages.data) {
    content = <Note>Error loading data</Note>;
  } else if (list.length === 0) {
    content = <Note>No data available</Note>;
  } else {
    content = (
      <>
        <MessageTable messages={shown.rows} deleting={deleting} onOpen={open} onDelete={remove} />
        <TablePagination
          component="div"
          count={list.length}
          page={shown.page}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={INBOX_PAGE_SIZE}
          rowsPerPageOptions={[INBOX_PAGE_SIZE]}
        />
      </>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Inbox
      </Typography>
      {actionError && (
        <Alert severity="error" onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        {content}
      </Paper>
      <MessageDetailsDialog
        open={openId !== null}
        message={selected}
        onClose={() => setOpenId(null)}
      />
    </Stack>
  );
}
