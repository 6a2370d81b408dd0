import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { ComposeDialog, type ComposeDraft } from './compose-dialog';

/** The address parameter that opens 'New message' to a player: /messages?to=<nickname>. */
export const TO_PARAM = 'to';

/**
 * The compose dialog of the inbox: opened by 'New message', a reply, or a link with `?to=` (the
 * friends list, public profiles); once sent, the page says so.
 */
export function useCompose() {
  const [params, setParams] = useSearchParams();
  const linkedTo = params.get(TO_PARAM);
  const [draft, setDraft] = useState<ComposeDraft | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const current = draft ?? (linkedTo !== null ? { to: linkedTo, subject: '' } : null);

  const close = () => {
    setDraft(null);
    if (linkedTo === null) return;
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.delete(TO_PARAM);
        return next;
      },
      { replace: true },
    );
  };
  const open = (next: ComposeDraft) => {
    setSentTo(null);
    setDraft(next);
  };
  const element = (
    <>
      {sentTo !== null && (
        <Alert severity="success" onClose={() => setSentTo(null)}>
          Message sent to {sentTo}.
        </Alert>
      )}
      {current && (
        <ComposeDialog
          draft={current}
          onClose={close}
          onSent={(to) => {
            close();
            setSentTo(to);
          }}
        />
      )}
    </>
  );
  return { open, element };
}
