import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOCIAL_CONFIG } from '@aleph/rules';
import type { AllianceRole, ChatLine } from '@aleph/contracts';
import { useAllianceLines } from '../../api/alliance-signal';
import { useGetProfileSummaryQuery } from '../../api/profile-endpoints';
import { ReportDialog } from '../../lib/report-dialog';
import { ChatLineItem } from './chat-line-item';
import { mergeLines } from './chat-lines';
import { chatRefusalText, mutedText } from './chat-refusal';
import {
  useDeleteChatLineMutation,
  useGetAllianceChatQuery,
  useLazyGetAllianceChatQuery,
  usePostChatLineMutation,
} from './chat-endpoints';

const MAX = SOCIAL_CONFIG.alliances.chat.maxLength;

interface AllianceChatProps {
  allianceId: number;
  myRole: AllianceRole;
}

/**
 * The alliance chat (docs/screens.md, Alliance chat): the newest page when opened, 'Load
 * earlier' pages back, pushed lines appended live, newest last. Officers and the leader delete
 * lines; anyone reports one.
 */
export function AllianceChat({ allianceId, myRole }: AllianceChatProps) {
  const headingId = useId();
  const newest = useGetAllianceChatQuery({ allianceId });
  const [loadEarlier, earlier] = useLazyGetAllianceChatQuery();
  const [older, setOlder] = useState<{ lines: ChatLine[]; nextBefore: number | null } | null>(null);
  const [live, setLive] = useState<ChatLine[]>([]);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string>();
  const [reporting, setReporting] = useState<ChatLine | null>(null);
  const [post, posting] = usePostChatLineMutation();
  const [remove] = useDeleteChatLineMutation();
  const summary = useGetProfileSummaryQuery().data;
  const me = summary?.nickname ?? '';
  const muted = mutedText(summary?.mutedUntil);
  const listRef = useRef<HTMLOListElement>(null);

  const onLine = useCallback(
    (line: ChatLine) => {
      if (line.allianceId === allianceId) setLive((list) => [...list, line]);
    },
    [allianceId],
  );
  useAllianceLines(onLine);

  const lines = mergeLines(older?.lines ?? [], newest.data?.lines ?? [], live);
  // Follow the newest line as it comes (not when earlier lines are added above).
  const newestId = lines.at(-1)?.id;
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [newestId]);
  const nextBefore = older ? older.nextBefore : (newest.data?.nextBefore ?? null);
  const trimmed = text.trim();
  const tooLong = trimmed.length > MAX;
  const mayDelete = myRole === 'leader' || myRole === 'officer';

  const pageBack = async () => {
    if (nextBefore === null) return;
    const page = await loadEarlier({ allianceId, before: nextBefore }).unwrap();
    setOlder((known) => ({
      lines: [...page.lines, ...(known?.lines ?? [])],
      nextBefore: page.nextBefore,
    }));
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (trimmed === '' || tooLong || posting.isLoading) return;
    setRefusal(undefined);
    try {
      const line = await post({ allianceId, text: trimmed }).unwrap();
      setLive((list) => [...list, line]);
      setText('');
    } catch (error) {
      setRefusal(chatRefusalText(error));
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void send();
    }
  };

  const deleteLine = async (line: ChatLine) => {
    try {
      await remove({ allianceId, lineId: line.id }).unwrap();
      setLive((list) => [...list, { ...line, text: '', deleted: true }]);
    } catch {
      setRefusal('The line could not be deleted. Please try again.');
    }
  };

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2">
        Alliance chat
      </Typography>
      {nextBefore !== null && (
        <Button onClick={() => void pageBack()} disabled={earlier.isFetching}>
          Load earlier
        </Button>
      )}
      {newest.isLoading && <CircularProgress size={24} aria-label="Loading the chat" />}
      {newest.isError && <Alert severity="error">The chat could not be loaded.</Alert>}
      <Box
        component="ol"
        ref={listRef}
        aria-label="Chat lines"
        aria-live="polite"
        sx={{ p: 0, m: 0, maxHeight: 420, overflowY: 'auto' }}
      >
        {lines.map((line) => (
          <ChatLineItem
            key={line.id}
            line={line}
            myNickname={me}
            mayDelete={mayDelete}
            onDelete={(l) => void deleteLine(l)}
            onReport={setReporting}
          />
        ))}
      </Box>
      {newest.isSuccess && lines.length === 0 && (
        <Typography color="text.secondary">No lines yet. Say hello!</Typography>
      )}
      <Stack component="form" onSubmit={send} noValidate spacing={1} sx={{ mt: 1 }}>
        <TextField
          label="Message the alliance"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={4}
          error={tooLong}
          helperText={`${trimmed.length}/${MAX}`}
          slotProps={{ htmlInput: { 'aria-label': 'Message the alliance' } }}
        />
        {muted && <Alert severity="info">{muted}</Alert>}
        {refusal && <Alert severity="warning">{refusal}</Alert>}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={trimmed === '' || tooLong || posting.isLoading}
          >
            Send
          </Button>
        </Box>
      </Stack>
      {reporting && reporting.profileid !== null && (
        <ReportDialog
          open
          profileid={reporting.profileid}
          nickname={reporting.nickname}
          chatlineid={reporting.id}
          onClose={() => setReporting(null)}
        />
      )}
    </Box>
  );
}
