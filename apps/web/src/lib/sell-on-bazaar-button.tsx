import { useId } from 'react';
import Storefront from '@mui/icons-material/Storefront';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useBazaarSeller, type SellTarget } from './bazaar-sell';
import { LOCKED_TEXTS, useFeatureFlags } from './feature-flags';

interface SellOnBazaarButtonProps {
  target: SellTarget;
  /** Why it cannot be listed now (a hero on a mission), said under the disabled button. */
  blocker?: string | null;
  /** A small 'Sell' beside each good; absent while the profile level locks the Bazaar. */
  compact?: boolean;
}

/**
 * 'Sell on the Bazaar' (docs/screens.md, Bazaar): opens the sell dialog. Below profile level 2
 * it is disabled with the locked sentence; with a blocker, disabled with the reason.
 */
export function SellOnBazaarButton({
  target,
  blocker = null,
  compact = false,
}: SellOnBazaarButtonProps) {
  const seller = useBazaarSeller();
  const flags = useFeatureFlags();
  const reasonId = useId();
  if (!seller) return null;
  const unlocked = flags.has('profileLevel2');
  if (compact) {
    if (!unlocked) return null;
    return (
      <Button
        size="small"
        variant="outlined"
        aria-label={`Sell ${target.title} on the Bazaar`}
        onClick={() => seller.open(target)}
        sx={{ flexShrink: 0 }}
      >
        Sell
      </Button>
    );
  }
  // Until the flags load nothing counts as unlocked, but nothing is said either.
  const reason = !flags.ready ? null : unlocked ? blocker : LOCKED_TEXTS.profileLevel2;
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color="secondary"
        startIcon={<Storefront aria-hidden />}
        disabled={!unlocked || blocker !== null}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() => seller.open(target)}
      >
        Sell on the Bazaar
      </Button>
      {reason && (
        <Typography id={reasonId} variant="body2" sx={{ color: 'text.secondary' }}>
          {reason}
        </Typography>
      )}
    </Stack>
  );
}
