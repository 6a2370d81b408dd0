import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ListingDetails } from '@aleph/contracts';
import { BAZAAR_CONFIG } from '@aleph/rules';
import { serverMessage } from '../../api/error-message';
import { usePlaceBidMutation } from './bazaar-endpoints';
import { formatPrice, type Report } from './listing-text';

/**
 * 'Your bid', prefilled with the lowest bid accepted now; a rival's bid raises that minimum and
 * the field follows it. The amount is held from the treasury
 * until the player is outbid (docs/game-rules.md, Bazaar).
 */
export function BidForm({ listing, report }: { listing: ListingDetails; report: Report }) {
  const min = listing.auction!.minNextBid;
  const [amount, setAmount] = useState(String(min));
  const [shownMin, setShownMin] = useState(min);
  if (shownMin !== min) {
    setShownMin(min);
    setAmount(String(min));
  }
  const [bid, { isLoading }] = usePlaceBidMutation();
  const value = Number(amount);
  const valid = /^\d+$/.test(amount) && value >= min && value <= BAZAAR_CONFIG.maxPrice;

  const submit = async () => {
    report(null);
    try {
      await bid({ id: listing.id, amount: value }).unwrap();
      report({ ok: true, text: `Your bid of ${formatPrice(value, listing.currency)} leads.` });
    } catch (error) {
      report({ ok: false, text: serverMessage(error) ?? 'The bid failed. Please try again.' });
    }
  };

  return (
    <Stack
      component="form"
      spacing={1.5}
      aria-label="Place a bid"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && !isLoading) void submit();
      }}
    >
      <TextField
        id="bazaar-bid"
        label="Your bid"
        type="number"
        value={amount}
        error={amount !== '' && !valid}
        helperText={`At least ${formatPrice(min, listing.currency)}; held until you are outbid.`}
        onChange={(event) => setAmount(event.target.value.trim())}
        slotProps={{ htmlInput: { min, step: 1, inputMode: 'numeric' } }}
      />
      <Button type="submit" variant="contained" color="secondary" disabled={!valid || isLoading}>
        Place bid
      </Button>
    </Stack>
  );
}
