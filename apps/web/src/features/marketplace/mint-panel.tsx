import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber } from '../../lib/format-number';
import { MintConfirmDialog } from './mint-confirm-dialog';
import { PlatinumBalance } from './platinum-balance';
import { useMintConfirm } from './use-mint-confirm';

/** Read by screen readers, not shown, and taking no room in a stack. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

interface MintPanelProps {
  /** 'Mint a land'. */
  heading: string;
  description: string;
  /** 'a land', for the note when Platinum is short. */
  thing: string;
  price: number;
  platinum: number | undefined;
  /** The button, such as 'Mint Land'. */
  action: string;
  /** The confirm dialog's title. */
  question: string;
  /** The confirm dialog's text. */
  details: string;
  /** Mints; answers undefined when done, else the message to show. */
  onMint(): Promise<string | undefined>;
  /** A choice to make first (the continent). */
  children?: ReactNode;
  /** Another way to pay, beside the mint button (the gold mint). */
  alternative?: ReactNode;
}

/** Price, balance, an optional choice and the mint button with its confirm step. */
export function MintPanel(props: MintPanelProps) {
  const { heading, description, thing, price, platinum, action, question, details } = props;
  const headingId = useId();
  const noteId = useId();
  const { start, dialog } = useMintConfirm(props.onMint);
  const short = platinum !== undefined && platinum < price;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography id={headingId} variant="h5" component="h2">
          {heading}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{description}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 3 }}>
          <Typography sx={{ fontWeight: 600 }}>Price: {formatNumber(price)} Platinum</Typography>
          <PlatinumBalance platinum={platinum} />
        </Stack>
        {props.children}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 3 }}
          sx={{ alignItems: 'flex-start' }}
        >
          <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              disabled={platinum === undefined || short}
              aria-describedby={short ? noteId : undefined}
              onClick={start}
            >
              {action}
            </Button>
            {short && (
              <Typography id={noteId} variant="body2" sx={{ color: 'warning.light' }}>
                Not enough Platinum: {thing} costs {formatNumber(price)} and you have{' '}
                {formatNumber(platinum ?? 0)}.{' '}
                <Link component={RouterLink} to="/marketplace" color="secondary">
                  Buy Platinum
                </Link>
              </Typography>
            )}
          </Stack>
          {props.alternative}
        </Stack>
      </Stack>
      <MintConfirmDialog {...dialog} question={question} details={details} />
    </Paper>
  );
}
