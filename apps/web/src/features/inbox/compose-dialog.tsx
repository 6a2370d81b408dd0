import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ErrorBody } from '@aleph/contracts';
import { SOCIAL_CONFIG } from '@aleph/rules';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { useSearchPlayersQuery, useSendMessageMutation } from './compose-endpoints';
import { composeRefusal } from './compose-refusal';

const { subjectMax, bodyMax } = SOCIAL_CONFIG.messages;
/** The autocomplete asks once typing pauses this long. */
export const SEARCH_DELAY_MS = 250;

export interface ComposeDraft {
  to: string;
  subject: string;
}

interface ComposeDialogProps {
  /** To and Subject filled in (a reply, a link /messages?to=<nickname>). */
  draft: ComposeDraft;
  onClose(): void;
  onSent(to: string): void;
}

type Field = 'to' | 'subject' | 'body';
const counter = (text: string, max: number) => `${[...text].length}/${max}`;

/**
 * 'New message' (docs/screens.md, Inbox): To (with the nickname search), Subject and Message,
 * each with its counter; the server's refusals are said in words at their field or above the
 * buttons (a limit says when it opens again). Mounted while open, so each opening starts afresh.
 */
export function ComposeDialog({ draft, onClose, onSent }: ComposeDialogProps) {
  const titleId = useId();
  const [to, setTo] = useState(draft.to);
  const [subject, setSubject] = useState(draft.subject);
  const [body, setBody] = useState('');
  const [refusal, setRefusal] = useState<{ field?: Field; text: string }>();
  const [send, { isLoading }] = useSendMessageMutation();
  const prefix = useDebouncedValue(to.trim(), SEARCH_DELAY_MS);
  const search = useSearchPlayersQuery(prefix, { skip: prefix.length === 0 || prefix.length > 32 });
  const names = (search.data ?? []).map((p) => p.nickname);

  const subjectLong = [...subject].length > subjectMax;
  const bodyLong = [...body].length > bodyMax;
  const ready = to.trim() !== '' && subject.trim() !== '' && body.trim() !== '';
  const fieldError = (field: Field) => (refusal?.field === field ? refusal.text : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || subjectLong || bodyLong || isLoading) return;
    setRefusal(undefined);
    try {
      await send({ to: to.trim(), subject, body }).unwrap();
      onSent(to.trim());
    } catch (error) {
      const field = (error as { data?: Partial<ErrorBody> }).data?.field;
      setRefusal({
        ...(field === 'to' || field === 'subject' || field === 'body' ? { field } : {}),
        text: composeRefusal(error),
      });
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>New message</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Autocomplete
              id="compose-to"
              freeSolo
              options={names}
              filterOptions={(options) => options}
              inputValue={to}
              onInputChange={(_event, value) => setTo(value)}
              disabled={isLoading}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="To"
                  required
                  autoFocus={draft.to === ''}
                  error={fieldError('to') !== undefined}
                  helperText={fieldError('to') ?? 'A player’s nickname.'}
                  slotProps={{
                    ...params.slotProps,
                    htmlInput: { ...params.slotProps.htmlInput, maxLength: 32 },
                  }}
                />
              )}
            />
            <TextField
              id="compose-subject"
              label="Subject"
              required
              value={subject}
              onChange={(event) => setSubject(event.target.value)}
              disabled={isLoading}
              error={subjectLong || fieldError('subject') !== undefined}
              helperText={fieldError('subject') ?? counter(subject, subjectMax)}
            />
            <TextField
              id="compose-body"
              label="Message"
              required
              autoFocus={draft.to !== ''}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              multiline
              minRows={5}
              maxRows={14}
              disabled={isLoading}
              error={bodyLong || fieldError('body') !== undefined}
              helperText={fieldError('body') ?? counter(body, bodyMax)}
            />
            {refusal && refusal.field === undefined && (
              <Alert severity="warning">{refusal.text}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            loading={isLoading}
            disabled={!ready || subjectLong || bodyLong}
          >
            Send
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
