import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ListingDetails } from '@aleph/contracts';
import { serverMessage } from '../../api/error-message';
import { useGetLandsQuery } from '../../api/game-endpoints';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { landLabel } from '../../lib/land-label';
import { NativeSelectField } from '../../lib/native-select-field';
import { useBuyListingMutation } from './bazaar-endpoints';
import { formatPrice, type Report } from './listing-text';

/** Where bought goods go: one of the buyer's lands (the server takes the first when none is sent). */
function LandChoice(props: { value: string; onChange(value: string): void }) {
  const { data: lands } = useGetLandsQuery();
  return (
    <NativeSelectField
      id="bazaar-goods-land"
      label="Land for the goods"
      value={props.value}
      placeholder={lands ? undefined : 'Loading your lands...'}
      options={(lands ?? []).map((land) => ({
        value: String(land.landid),
        label: landLabel(land),
      }))}
      onChange={props.onChange}
    />
  );
}

/**
 * 'Buy for N gold' (a fixed price) or 'Buy now for N gold' (an auction's buy-now price), asked
 * once more before it is spent. Goods need a land to arrive on.
 */
export function BuyButton(props: { listing: ListingDetails; amount: number; report: Report }) {
  const { listing, amount, report } = props;
  const [confirming, setConfirming] = useState(false);
  const [landid, setLandid] = useState('');
  const { data: lands } = useGetLandsQuery(undefined, { skip: listing.kind !== 'goods' });
  const [buy, { isLoading }] = useBuyListingMutation();
  const price = formatPrice(amount, listing.currency);
  const label = listing.auction ? `Buy now for ${price}` : `Buy for ${price}`;
  const chosen = landid || (lands?.[0] ? String(lands[0].landid) : '');

  const confirm = async () => {
    setConfirming(false);
    try {
      await buy({ id: listing.id, ...(chosen ? { landid: Number(chosen) } : {}) }).unwrap();
      report({ ok: true, text: `You bought ${listing.title} for ${price}.` });
    } catch (error) {
      report({
        ok: false,
        text: serverMessage(error) ?? 'The purchase failed. Please try again.',
      });
    }
  };

  return (
    <Stack spacing={1.5}>
      {listing.kind === 'goods' && <LandChoice value={chosen} onChange={setLandid} />}
      <Button
        variant="contained"
        color="secondary"
        disabled={isLoading}
        onClick={() => {
          report(null);
          setConfirming(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Buy ${listing.title}?`}
        confirmLabel="Buy"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      >
        {`You pay ${price}${listing.kind === 'goods' ? ' and the goods go to the land you chose' : ''}. A purchase cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}
