import type { ReactNode } from 'react';
import { FeatureGate } from '../../lib/feature-gate';
import type { FeatureFlag } from '../../lib/feature-flags';

interface LevelGateProps {
  level: 3 | 4 | 7;
  /** The locked sentence, the same the server answers with 403 (docs/screens.md). */
  text: string;
  children: ReactNode;
}

/** A records screen's gate: its content at `level`, else the lock and the sentence naming it. */
export function LevelGate({ level, text, children }: LevelGateProps) {
  const flag: FeatureFlag = `profileLevel${level}`;
  return (
    <FeatureGate flag={flag} lockedText={text}>
      {children}
    </FeatureGate>
  );
}

export const LOCKED = {
  achievements: 'You need to upgrade your profile to at least level three to view achievements.',
  log: 'You need to upgrade your profile to at least level four.',
  rating: 'You need to upgrade your profile to at least level seven.',
} as const;
