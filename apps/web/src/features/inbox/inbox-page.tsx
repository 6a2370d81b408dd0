import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Message } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { pageOf } from '../../lib/rows-per-page';
import { queryErrorDetail } from '../../lib/query-error-detail';
import { ScreenTabs, TabPanel, useTabParam } from '../../lib/screen-tabs';
import {
  useGetMessagesQuery,
  useMarkMessageDeletedMutation,
  useMarkMessageReadMutation,
} from './inbox-endpoints';
import { MessageDetailsDialog } from './message-details-dialog';
import { MessageTable } from './message-table';
import { replySubject } from './player-message-actions';
import { SentView } from './sent-view';
import { useCompose } from './use-compose';

const TABS = [
  { value: 'inbox', label: 'Inbox' },
  { value: 'sent', label: 'Sent' },
] as const;
const TAB_VALUES = TABS.map((t) => t.value);

/** docs/screens.md (Inbox): the inbox pages by 10, its only option. */
export const INBOX_PAGE_SIZE = 10;

const Note = ({ children }: { children: string }) => (
  <Typography sx={{ color: 'text.secondary', p: 2 }}>{children}</Typography>
);

/** The address parameter that opens one message: /messages?message=12 (docs/screens.md, Inbox). */
export const MESSAGE_PARAM = 'message';

/**
 * The inbox at /messages: newest first; opening marks read, deleting never opens. 'Sent' lists
 * the player's own messages; 'New message' and a message's 'Reply' open the compose dialog.
 */
export function InboxPage() {
  const messages = useGetMessagesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [markRead] = useMarkMessageReadMutation();
  const [markDeleted] = useMarkMessageDeletedMutation();
  const [page, setPage] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const [actionError, setActionError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  /** The linked message whose read mark was sent, so that one link marks it once. */
  const markedLink = useRef<number | null>(null);
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const compose = useCompose();

  const list = messages.data ?? [];
  const shown = pageOf(list, page, INBOX_PAGE_SIZE);
  const selected = list.find((message) => message.msgid === shownId);
  // A link to one message (a mission report's toast) opens it as a click on its row would.
  const linked = params.get(MESSAGE_PARAM);
  const linkedMessage =
    linked === null
      ? undefined
      : list.find((message) => String(message.msgid) === linked && !message.deleted);
  const dialogMessage = openId === null ? (linkedMessage ?? selected) : selected;

  const markReadOnce = useCallback(
    (message: Message) => {
      if (message.read) return;
      markRead(message.msgid)
        .unwrap()
        .catch((error: unknown) =>
          setActionError(`Could not mark the message read: ${queryErrorDetail(error)}`),
        );
    },
    [markRead],
  );

  const open = (message: Message) => {
    setOpenId(message.msgid);
    setShownId(message.msgid);
    markReadOnce(message);
  };

  useEffect(() => {
    if (!linkedMessage || markedLink.current === linkedMessage.msgid) return;
    markedLink.current = linkedMessage.msgid;
    markReadOnce(linkedMessage);
  }, [linkedMessage, markReadOnce]);

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

  const close = () => {
    setOpenId(null);
    if (linkedMessage) setShownId(linkedMessage.msgid); // kept on screen while it closes
    markedLink.current = null;
    if (linked !== null) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(MESSAGE_PARAM);
          return next;
        },
        { replace: true },
      );
    }
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
      <Box
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, justifyContent: 'space-between' }}
      >
        {/* The tabs give way (scrolling) before the button does on a phone. */}
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <ScreenTabs
            label="Mailboxes"
            idPrefix="inbox"
            tabs={TABS}
            value={tab}
            onChange={setTab}
          />
        </Box>
        <Button
          variant="contained"
          color="secondary"
          onClick={() => compose.open({ to: '', subject: '' })}
          sx={{ flexShrink: 0, mb: 0.5 }}
        >
          New message
        </Button>
      </Box>
      {compose.element}
      {actionError && (
        <Alert severity="error" onClose={() => setActionError(null)}>
          {actionError}
        </Alert>
      )}
      <TabPanel idPrefix="inbox" value={tab}>
        <Paper variant="outlined" sx={{ minWidth: 0 }}>
          {tab === 'inbox' ? content : <SentView />}
        </Paper>
      </TabPanel>
      <MessageDetailsDialog
        open={openId !== null || linkedMessage !== undefined}
        message={dialogMessage}
        onClose={close}
        onReply={(message) => {
          close();
          compose.open({ to: message.sender_name, subject: replySubject(message.subject) });
        }}
      />
    </Stack>
  );
}
