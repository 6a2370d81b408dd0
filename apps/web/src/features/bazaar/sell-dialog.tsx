import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { httpStatus } from '../../api/error-message';
import type { SellTarget } from '../../lib/bazaar-sell';
import { dialogPaperProps } from '../../lib/dialog-paper';
import { LOCKED_TEXTS, useFeatureFlags } from '../../lib/feature-flags';
import { SellFees } from './sell-fees';
import { SellFields } from './sell-fields';
import { checkSellForm, INITIAL_SELL_FORM, type SellForm } from './sell-form';
import { newListingKey, useCreateListingMutation } from './sell-endpoints';
import { sellRefusal, type SellRefusal } from './sell-refusal';

interface SellDialogProps {
  target: SellTarget;
  onClose(): void;
}

/**
 * 'Sell on the Bazaar' (docs/screens.md, Bazaar): the terms, the fees they cost, and the
 * server's refusal in words; a listing made opens its page. Mounted while open, so each opening
 * starts afresh.
 */
export function SellDialog({ target, onClose }: SellDialogProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const flags = useFeatureFlags();
  const [form, setForm] = useState<SellForm>(INITIAL_SELL_FORM);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<SellRefusal>();
  const [create, { isLoading }] = useCreateListingMutation();
  // A request that got no answer is sent again with its key, so it cannot list twice.
  const unanswered = useRef<{ body: string; key: string } | null>(null);
  const checked = checkSellForm(form, target);
  const locked = flags.ready && !flags.has('profileLevel2');

  const change = (next: Partial<SellForm>) => {
    setForm((current) => ({ ...current, ...next }));
    setRefusal(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!checked.body || isLoading || locked) return;
    const body = JSON.stringify(checked.body);
    const key = unanswered.current?.body === body ? unanswered.current.key : newListingKey();
    unanswered.current = { body, key };
    setRefusal(undefined);
    try {
      const answer = await create({ body: checked.body, key }).unwrap();
      onClose();
      void navigate(`/bazaar/${answer.listing.id}`);
    } catch (error) {
      if (httpStatus(error) !== undefined) unanswered.current = null;
      setRefusal(sellRefusal(error));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: dialogPaperProps }}
    >
      <DialogTitle id={titleId}>Sell on the Bazaar</DialogTitle>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogContent dividers sx={{ px: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {target.title}
            </Typography>
            {locked ? (
              <Typography>{LOCKED_TEXTS.profileLevel2}</Typography>
            ) : (
              <>
                <SellFields
                  form={form}
                  target={target}
                  errors={checked.errors}
                  tried={tried}
                  refusal={refusal}
                  disabled={isLoading}
                  onChange={change}
                />
                <SellFees
                  price={checked.price}
                  currency={form.currency}
                  auction={form.type === 'auction'}
                />
                {refusal && refusal.field === undefined && (
                  <Alert severity="warning">{refusal.text}</Alert>
                )}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          {!locked && (
            <Button type="submit" variant="contained" color="secondary" loading={isLoading}>
              List on the Bazaar
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
