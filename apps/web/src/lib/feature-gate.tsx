import type { ReactNode } from 'react';
import LockOutlined from '@mui/icons-material/LockOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOCKED_TEXTS, useFeatureFlags, type FeatureFlag } from './feature-flags';

interface FeatureGateProps {
  flag: FeatureFlag;
  /** What a locked profile sees instead; the flag's locked text by default. */
  lockedText?: string;
  children: ReactNode;
}

/** Shows `children` when the profile has `flag`, else the locked text with a lock icon. */
export function FeatureGate({ flag, lockedText, children }: FeatureGateProps) {
  const flags = useFeatureFlags();
  if (!flags.ready) {
    return <CircularProgress size={20} color="secondary" aria-label="Checking profile level" />;
  }
  if (flags.has(flag)) return <>{children}</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <LockOutlined fontSize="small" aria-hidden />
      <Typography variant="body2">{lockedText ?? LOCKED_TEXTS[flag]}</Typography>
    </Stack>
  );
}
