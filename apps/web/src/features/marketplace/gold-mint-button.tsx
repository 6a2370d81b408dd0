import { useId } from 'react';
import MonetizationOn from '@mui/icons-material/MonetizationOn';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format-number';
import { MintConfirmDialog } from './mint-confirm-dialog';
import { useMintConfirm } from './use-mint-confirm';

interface GoldMintButtonProps {
  /** 'a land', for the note when gold is short. */
  thing: string;
  /** The gold price for this player now (GET /market/mint/prices); undefined while it loads. */
  price: number | undefined;
  /** Why there is no price: the prices could not be loaded. */
  priceError?: string;
  /** The treasury gold; undefined while the profile loads. */
  gold: number | undefined;
  /** The confirm dialog's title, given the price as shown ('3,000'). */
  question(price: string): string;
  /** The confirm dialog's text. */
  details: string;
  /** Mints for gold; answers undefined when done, else the message to show. */
  onMint(): Promise<string | undefined>;
}

/**
 * 'Mint for 3,000 gold': the same mint paid from the treasury, with its own confirm step. The
 * price rises with what the player owns; with too little gold it is disabled and says why.
 */
export function GoldMintButton(props: GoldMintButtonProps) {
  const { thing, price, priceError, gold, question, details } = props;
  const noteId = useId();
  const { start, dialog } = useMintConfirm(props.onMint);
  const short = price !== undefined && gold !== undefined && gold < price;
  const note = priceError
    ? `The gold price cannot be shown: ${priceError}`
    : short
      ? `Not enough gold: ${thing} costs ${formatNumber(price)} and your treasury holds ${formatNumber(gold)}.`
      : undefined;
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color="secondary"
        size="large"
        startIcon={<MonetizationOn aria-hidden />}
        disabled={price === undefined || gold === undefined || short}
        aria-describedby={note ? noteId : undefined}
        onClick={start}
      >
        {price === undefined ? 'Mint for gold' : `Mint for ${formatNumber(price)} gold`}
      </Button>
      {note && (
        <Typography id={noteId} variant="body2" sx={{ color: 'warning.light' }}>
          {note}
        </Typography>
      )}
      <MintConfirmDialog
        {...dialog}
        question={question(formatNumber(price ?? 0))}
        details={details}
      />
    </Stack>
  );
}
