import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ListingDetails } from '@aleph/contracts';
import { saleFee } from '@aleph/rules';
import { serverMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../lib/confirm-dialog';
import { useCancelListingMutation } from './bazaar-endpoints';
import { formatPrice, type Report } from './listing-text';

/**
 * The seller's view of an open listing. Cancelling returns what it holds but not the listing
 * fee; an auction with a bid cannot be cancelled (docs/game-rules.md, Bazaar).
 */
export function OwnListing({ listing, report }: { listing: ListingDetails; report: Report }) {
  const [asking, setAsking] = useState(false);
  const [cancel, { isLoading }] = useCancelListingMutation();
  const cancellable = !listing.auction || listing.auction.bids === 0;

  const confirm = async () => {
    setAsking(false);
    report(null);
    try {
      await cancel(listing.id).unwrap();
      report({ ok: true, text: 'Listing cancelled: what it held is back with you.' });
    } catch (error) {
      const text = serverMessage(error) ?? 'The listing could not be cancelled. Please try again.';
      report({ ok: false, text });
    }
  };

  return (
    <Stack spacing={1.5}>
      <Typography sx={{ fontWeight: 600 }}>This is your listing.</Typography>
      <Typography variant="body2" color="text.secondary">
        Listing fee paid: {formatPrice(listing.listingFee, listing.currency)}. Sold at{' '}
        {formatPrice(listing.price, listing.currency)}, the sale fee would be{' '}
        {formatPrice(saleFee(listing.price), listing.currency)}.
      </Typography>
      {cancellable ? (
        <Button variant="outlined" disabled={isLoading} onClick={() => setAsking(true)}>
          Cancel listing
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          An auction with a bid cannot be cancelled.
        </Typography>
      )}
      <ConfirmDialog
        open={asking}
        title="Cancel this listing?"
        confirmLabel="Cancel listing"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      >
        What it holds comes back to you; the listing fee is not refunded.
      </ConfirmDialog>
    </Stack>
  );
}
