import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ChatLine } from '@aleph/contracts';
import { lineTime, mentions } from './chat-lines';

export const DELETED_TEXT = 'deleted';

interface ChatLineItemProps {
  line: ChatLine;
  myNickname: string;
  mayDelete: boolean;
  onDelete(line: ChatLine): void;
  onReport(line: ChatLine): void;
}

/**
 * One chat line: time, nickname and text. A line naming the reader (`@nickname`) is marked by
 * a bar, bold text and an "@ mentions you" label, not by colour alone.
 */
export function ChatLineItem({
  line,
  myNickname,
  mayDelete,
  onDelete,
  onReport,
}: ChatLineItemProps) {
  const mentioned = !line.deleted && mentions(line.text, myNickname);
  return (
    <Box
      component="li"
      aria-label={mentioned ? `${line.nickname} mentions you` : undefined}
      sx={{
        listStyle: 'none',
        py: 0.5,
        px: 1,
        borderLeft: 4,
        borderColor: mentioned ? 'warning.main' : 'transparent',
        bgcolor: mentioned ? 'action.selected' : undefined,
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="caption" color="text.secondary" component="time" dateTime={line.at}>
          {lineTime(line.at)}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 700 }} component="span">
          {line.nickname}
        </Typography>
        {mentioned && (
          <Typography variant="caption" sx={{ fontWeight: 700 }} component="span">
            @ mentions you
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Typography
          variant="body2"
          sx={{
            flex: 1,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontWeight: mentioned ? 700 : undefined,
            fontStyle: line.deleted ? 'italic' : undefined,
            color: line.deleted ? 'text.secondary' : undefined,
          }}
        >
          {line.deleted ? DELETED_TEXT : line.text}
        </Typography>
        {!line.deleted && mayDelete && (
          <Button
            size="small"
            onClick={() => onDelete(line)}
            aria-label={`Delete the line of ${line.nickname}`}
          >
            Delete
          </Button>
        )}
        {!line.deleted && line.profileid !== null && (
          <Button
            size="small"
            onClick={() => onReport(line)}
            aria-label={`Report the line of ${line.nickname}`}
          >
            Report
          </Button>
        )}
      </Stack>
    </Box>
  );
}
