import { featuresFor } from '@aleph/rules';
import { forbidden } from '../lib/errors.js';

/** The locked texts of docs/screens.md (Feature gates), answered with 403 when the server enforces a gate. */
export const LOCKED_TEXT = {
  profileLevel1: 'You need to upgrade your profile to at least level one.',
  profileLevel2: 'You need to upgrade your profile to at least level two.',
  profileLevel3: 'You need to upgrade your profile to at least level three to view other profiles.',
  profileLevel4: 'You need to upgrade your profile to at least level four.',
  profileLevel6: 'You need to upgrade your profile to at least level six.',
  profileLevel7: 'You need to upgrade your profile to at least level seven.',
  profileLevel8: 'You need to upgrade your profile to at least level eight.',
  profileLevel10: 'You need to upgrade your profile to at least level ten.',
  profileLevel5: 'You need to upgrade your profile to at least level five.',
  profileLevel9: 'You need to upgrade your profile to at least level nine.',
} as const;

/** A gate judged on a level already known (the signed-in player's comes with the session). */
export function requireFeatureAt(level: number, flag: keyof typeof LOCKED_TEXT, message?: string) {
  if (!featuresFor(level).includes(flag))
    throw forbidden('FEATURE_LOCKED', message ?? LOCKED_TEXT[flag]);
}
