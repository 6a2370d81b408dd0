import type { ReactNode } from 'react';
import LockOutlined from '@mui/icons-material/LockOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetFeaturesQuery } from '../../api/profile-endpoints';

interface LevelGateProps {
  level: number;
  /** The locked sentence, the same the server answers with 403 (docs/screens.md). */
  text: string;
  children: ReactNode;
}

/** A records screen's gate: its content at `level`, else the lock and the sentence naming it. */
export function LevelGate({ level, text, children }: LevelGateProps) {
  const { data, isLoading } = useGetFeaturesQuery();
  if (isLoading) {
    return <CircularProgress size={20} color="secondary" aria-label="Checking profile level" />;
  }
  if (data?.includes(`profileLevel${level}`)) return <>{children}</>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
      <LockOutlined fontSize="small" aria-hidden />
      <Typography>{text}</Typography>
    </Stack>
  );
}

export const LOCKED = {
  achievements: 'You need to upgrade your profile to at least level three to view achievements.',
  log: 'You need to upgrade your profile to at least level four.',
  rating: 'You need to upgrade your profile to at least level seven.',
} as const;
