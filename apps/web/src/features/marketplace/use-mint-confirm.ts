import { useState } from 'react';

/**
 * The confirm step of a mint button: open the dialog, mint on Confirm (busy meanwhile), close
 * when minted, or keep it open with the server's message so Confirm retries.
 */
export function useMintConfirm(onMint: () => Promise<string | undefined>) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const start = () => {
    setError(undefined);
    setOpen(true);
  };
  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    const failure = await onMint();
    setBusy(false);
    if (failure) setError(failure);
    else setOpen(false);
  };
  return {
    start,
    dialog: {
      open,
      busy,
      error,
      onConfirm: () => void confirm(),
      onCancel: () => setOpen(false),
    },
  };
}
