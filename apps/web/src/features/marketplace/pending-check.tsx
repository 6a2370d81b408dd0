import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLazyGetPurchaseQuery } from './market-endpoints';
import { queryErrorDetail } from '../../lib/query-error-detail';

/**
 * A payment left pending (the player went away while it was confirming) is credited when it
 * is read again: this button reads it. A settled one refreshes the history and the balance.
 */
export function PendingCheck({ purchaseid }: { purchaseid: number }) {
  const [check, { isFetching }] = useLazyGetPurchaseQuery();
  const [note, setNote] = useState<string>();
  const onCheck = async () => {
    setNote(undefined);
    try {
      const purchase = await check(purchaseid).unwrap();
      if (purchase.status === 'pending') {
        const { have = 0, need = 1 } = purchase.confirmations ?? {};
        setNote(`Still waiting for confirmations (${have}/${need}).`);
      }
    } catch (error) {
      setNote(queryErrorDetail(error));
    }
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
      <Button size="small" variant="outlined" onClick={onCheck} loading={isFetching}>
        Check payment
      </Button>
      {note && (
        <Typography variant="caption" role="status" sx={{ color: 'text.secondary' }}>
          {note}
        </Typography>
      )}
    </Stack>
  );
}
