import type { ReactNode } from 'react';
import { FeatureGate } from '../../lib/feature-gate';
import { LOCKED_TEXTS } from '../../lib/feature-flags';

/** The server's 403 texts for the economy's gates (docs/screens.md, Feature gates). */
export const ECONOMY_LOCKED = {
  profileLevel5: LOCKED_TEXTS.profileLevel5,
  profileLevel7: LOCKED_TEXTS.profileLevel7,
  profileLevel8: LOCKED_TEXTS.profileLevel8,
} as const;

/** Shows `children` from the flag's level on, else the locked text naming the level. */
export function EconomyGate({
  flag,
  children,
}: {
  flag: keyof typeof ECONOMY_LOCKED;
  children: ReactNode;
}) {
  return <FeatureGate flag={flag}>{children}</FeatureGate>;
}
