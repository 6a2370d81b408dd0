import type { ReactNode } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { useGetFeaturesQuery } from '../../api/profile-endpoints';

/** The server's 403 texts for the economy's gates (docs/screens.md, Feature gates). */
export const ECONOMY_LOCKED = {
  profileLevel5: 'You need to upgrade your profile to at least level five.',
  profileLevel7: 'You need to upgrade your profile to at least level seven.',
  profileLevel8: 'You need to upgrade your profile to at least level eight.',
} as const;

/** Shows `children` from the flag's level on, else the locked text naming the level. */
export function EconomyGate({
  flag,
  children,
}: {
  flag: keyof typeof ECONOMY_LOCKED;
  children: ReactNode;
}) {
  const { data, isLoading } = useGetFeaturesQuery();
  if (isLoading)
    return <CircularProgress size={20} color="secondary" aria-label="Checking profile level" />;
  if (data?.includes(flag)) return <>{children}</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <LockOutlined fontSize="small" aria-hidden />
      <Typography variant="body2">{ECONOMY_LOCKED[flag]}</Typography>
    </Stack>
  );
}
