import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { BazaarCurrency } from '@aleph/contracts';
import { BAZAAR_CONFIG, listingFee, proceeds, saleFee } from '@aleph/rules';
import { formatPrice } from './listing-text';

const percent = (rate: number) => `${Math.round(rate * 100)} %`;
const LISTING_RATE = percent(BAZAAR_CONFIG.listingFeeRate);
const SALE_RATE = percent(BAZAAR_CONFIG.saleFeeRate);

interface SellFeesProps {
  /** The fixed or start price once it is a valid one. */
  price: number | undefined;
  currency: BazaarCurrency;
  auction: boolean;
}

/**
 * The fees before the player lists (docs/game-rules.md, Bazaar): the listing fee paid now and
 * never refunded, and the sale fee kept from the price, with what the seller then receives.
 */
export function SellFees({ price, currency, auction }: SellFeesProps) {
  const base = auction ? 'the start price' : 'the price';
  return (
    <Box
      role="group"
      aria-label="Fees"
      sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', display: 'grid', gap: 0.5 }}
    >
      {price === undefined ? (
        <Typography variant="body2">
          {`Listing costs ${LISTING_RATE} of ${base}, paid now and not refunded; a sale costs ${SALE_RATE} of the price, kept from what you receive.`}
        </Typography>
      ) : (
        <>
          <Typography variant="body2">
            {`Listing fee: ${formatPrice(listingFee(price), currency)} (${LISTING_RATE} of ${base}), paid now and not refunded.`}
          </Typography>
          <Typography variant="body2">
            {auction
              ? `Sold at the start price, the sale fee is ${formatPrice(saleFee(price), currency)} (${SALE_RATE}) and you receive ${formatPrice(proceeds(price), currency)}; more if the bids go higher.`
              : `Sale fee: ${formatPrice(saleFee(price), currency)} (${SALE_RATE}), kept from the price: you receive ${formatPrice(proceeds(price), currency)}.`}
          </Typography>
        </>
      )}
    </Box>
  );
}
