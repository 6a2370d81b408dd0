import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FeatureGate } from '../../lib/feature-gate';
import { LOCKED_TEXTS } from '../../lib/feature-flags';
import { HeroList } from './hero-list';

/**
 * docs/screens.md (Lands and heroes): the list is gated by profileLevel2, yet its message names level three.
 * The text is kept as designed.
 */
export const HEROES_LOCKED_TEXT = LOCKED_TEXTS.profileLevel3;

/** The player's heroes, once the profile has the level-two feature. */
export function HeroesPage() {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Heroes
      </Typography>
      <FeatureGate flag="profileLevel2" lockedText={HEROES_LOCKED_TEXT}>
        <HeroList />
      </FeatureGate>
    </Stack>
  );
}
