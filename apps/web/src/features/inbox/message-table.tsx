import type { MouseEvent } from 'react';
import type { Message } from '@aleph/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messageDate } from './message-date';

/** 'Nov 21, 2026 14:05', allowed to break only between the day and the time (phones). */
function MessageDate({ created }: { created: string }) {
  const text = messageDate(created);
  const cut = text.lastIndexOf(' ');
  return (
    <>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text.slice(0, cut)}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {text.slice(cut + 1)}
      </Box>
    </>
  );
}

interface MessageTableProps {
  messages: readonly Message[];
  /** Ids whose delete request is under way. */
  deleting: ReadonlySet<number>;
  onOpen(message: Message): void;
  onDelete(message: Message): void;
}

/** Unread rows are bold and orange (docs/screens.md); read ones are normal. */
const unreadCellSx = { fontWeight: 700, color: 'secondary.main' } as const;

function MessageRow({
  message,
  deleting,
  onOpen,
  onDelete,
}: Omit<MessageTableProps, 'messages' | 'deleting'> & { message: Message; deleting: boolean }) {
  const unread = !message.read && !message.deleted;
  const cellSx = unread ? unreadCellSx : {};
  const open = (event: MouseEvent) => {
    event.stopPropagation();
    onOpen(message);
  };
  return (
    <TableRow hover onClick={() => onOpen(message)} sx={{ cursor: 'pointer' }}>
      <TableCell sx={{ overflowWrap: 'break-word', ...cellSx }}>
        {message.sender_name}
        {message.sender_tag && <AllianceTag tag={message.sender_tag} />}
      </TableCell>
      <TableCell sx={{ overflowWrap: 'break-word', ...cellSx }}>
        {/* The row opens on a click anywhere; this button makes it reachable by keyboard. */}
        <Link
          component="button"
          type="button"
          color="inherit"
          underline="hover"
          aria-label={unread ? `${message.subject} (unread)` : message.subject}
          onClick={open}
          sx={{ font: 'inherit', textAlign: 'left', verticalAlign: 'baseline' }}
        >
          {message.subject}
        </Link>
      </TableCell>
      <TableCell sx={cellSx}>
        <MessageDate created={message.created} />
      </TableCell>
      <TableCell align="center" onClick={(event) => event.stopPropagation()}>
        {message.deleted ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Deleted
          </Typography>
        ) : (
          <IconButton
            size="small"
            aria-label={`Delete message ${message.subject}`}
            disabled={deleting}
            onClick={() => onDelete(message)}
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        )}
      </TableCell>
    </TableRow>
  );
}

/** From, Subject, Date and Delete; deleting never opens the message. */
/** The writer's alliance tag beside the name, as boards and profiles show it. */
function AllianceTag({ tag }: { tag: string }) {
  return (
    <Box component="span" sx={{ ml: 0.75, color: 'text.secondary', fontWeight: 400 }}>
      [{tag}]
    </Box>
  );
}

export function MessageTable({ messages, deleting, onOpen, onDelete }: MessageTableProps) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Messages" sx={{ overflowX: 'auto' }}>
      <Table size="small" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>From</TableCell>
            <TableCell>Subject</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="center">Delete</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {messages.map((message) => (
            <MessageRow
              key={message.msgid}
              message={message}
              deleting={deleting.has(message.msgid)}
              onOpen={onOpen}
              onDelete={onDelete}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
