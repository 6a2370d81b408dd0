import { useEffect, useRef, useState } from 'react';
import TextField from '@mui/material/TextField';
import { formatNumber } from '../../lib/format-number';

/** Typing settles for this long before the URL (and the search) follows. */
export const NUMBER_FILTER_DELAY_MS = 400;

/**
 * A labelled whole-number filter. What the player types is kept here and written to the URL
 * once typing pauses, so each keystroke is neither a request nor a history entry; a back
 * button's value replaces the draft.
 */
export function NumberFilter(props: {
  id: string;
  label: string;
  value: number | undefined;
  max: number;
  onCommit(value: string): void;
}) {
  const { value, max, onCommit } = props;
  const shown = value === undefined ? '' : String(value);
  const [draft, setDraft] = useState(shown);
  const timer = useRef<number | undefined>(undefined);
  // The pause's end calls the newest onCommit: the one of the keystroke's render holds the URL
  // as it was then, and would undo a filter changed meanwhile.
  const commit = useRef(onCommit);
  useEffect(() => {
    commit.current = onCommit;
  });
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setDraft(shown);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const valid = draft === '' || (/^\d{1,10}$/.test(draft) && Number(draft) <= max);

  const change = (text: string) => {
    const next = text.trim();
    setDraft(next);
    window.clearTimeout(timer.current);
    const ok = next === '' || (/^\d{1,10}$/.test(next) && Number(next) <= max);
    if (ok && next !== shown) {
      timer.current = window.setTimeout(() => commit.current(next), NUMBER_FILTER_DELAY_MS);
    }
  };

  return (
    <TextField
      id={props.id}
      label={props.label}
      type="number"
      size="small"
      fullWidth
      value={draft}
      error={!valid}
      helperText={valid ? undefined : `A whole number from 0 to ${formatNumber(max)}`}
      onChange={(event) => change(event.target.value)}
      slotProps={{ htmlInput: { min: 0, max, step: 1, inputMode: 'numeric' } }}
    />
  );
}
