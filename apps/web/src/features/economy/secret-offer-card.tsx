import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Land, SecretOfferView } from '@aleph/contracts';
import { serverMessage } from '../../api/error-message';
import { formatNumber } from '../../lib/format-number';
import { landLabel } from '../../lib/land-label';
import { NativeSelectField } from '../../lib/native-select-field';
import { newKey, useBuySecretOfferMutation } from './economy-endpoints';

export const priceOf = (o: SecretOfferView) =>
  o.platinum > 0 ? `${formatNumber(o.platinum)} platinum` : `${formatNumber(o.gold)} gold`;

/** One offer: what it is, its price, the land that receives it, and its Buy button. */
export function SecretOfferCard({
  offer,
  lands,
}: {
  offer: SecretOfferView;
  lands: readonly Land[];
}) {
  const [landid, setLandid] = useState(String(lands[0]?.landid ?? ''));
  const [buy, { isLoading, error, isSuccess }] = useBuySecretOfferMutation();
  const [key] = useState(newKey);
  const titleId = `secret-${offer.id}-title`;
  return (
    <Paper component="article" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
        >
          <Typography id={titleId} variant="h6" component="h2">
            {offer.title}
          </Typography>
          {offer.sold && <Chip label="Sold" size="small" />}
        </Stack>
        <Typography variant="body1">{priceOf(offer)}</Typography>
        {offer.needsLand && !offer.sold && (
          <NativeSelectField
            id={`secret-${offer.id}-land`}
            label={`Land for ${offer.title}`}
            value={landid}
            options={lands.map((l) => ({ value: String(l.landid), label: landLabel(l) }))}
            onChange={setLandid}
            size="small"
          />
        )}
        {!offer.sold && (
          <Button
            variant="contained"
            color="secondary"
            disabled={isLoading || (offer.needsLand && landid === '')}
            aria-label={`Buy ${offer.title} for ${priceOf(offer)}`}
            onClick={() =>
              void buy({
                offerId: offer.id,
                key,
                ...(offer.needsLand ? { landid: Number(landid) } : {}),
              })
            }
          >
            Buy
          </Button>
        )}
        {isSuccess && (
          <Alert severity="success" role="status">
            Bought {offer.title}.
          </Alert>
        )}
        {error && <Alert severity="error">{serverMessage(error) ?? 'The purchase failed.'}</Alert>}
      </Stack>
    </Paper>
  );
}
