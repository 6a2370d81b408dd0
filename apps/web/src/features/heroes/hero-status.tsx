import type { Hero } from '@aleph/contracts';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { Countdown } from '../../lib/countdown';

/** Formats an ISO ETA for display (lib/use-eta's useEtaFormatter). */
export type EtaFormatter = (eta: string) => string;

/** 'Busy, ETA 14:05' (the ETA display of docs/screens.md) or 'Free'. */
export function heroStatusText(hero: Pick<Hero, 'busy' | 'eta'>, formatEta: EtaFormatter) {
  if (!hero.busy) return 'Free';
  return hero.eta ? `Busy, ETA ${formatEta(hero.eta)}` : 'Busy';
}

interface HeroStatusProps {
  hero: Pick<Hero, 'busy' | 'eta' | 'listingId'>;
  formatEta: EtaFormatter;
}

/**
 * The status chip; a busy hero's live countdown beside it (docs/screens.md, Display rules), and
 * 'On the Bazaar' for a hero in an open listing.
 */
export function HeroStatus({ hero, formatEta }: HeroStatusProps) {
  return (
    <Stack
      component="span"
      direction="row"
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.25 }}
    >
      <Chip
        size="small"
        variant="outlined"
        color={hero.busy ? 'warning' : 'success'}
        label={heroStatusText(hero, formatEta)}
        // Long ETAs ('Busy, ETA +2 days 17:05') wrap instead of being cut off.
        sx={{
          alignSelf: 'flex-start',
          height: 'auto',
          minHeight: 24,
          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
        }}
      />
      {hero.busy && hero.eta && <Countdown eta={hero.eta} />}
      {hero.listingId !== null && (
        <Chip size="small" variant="outlined" color="secondary" label="On the Bazaar" />
      )}
    </Stack>
  );
}

/** Why a listed hero cannot go on a mission, be upgraded or sold again. */
export const LISTED_HERO_TEXT = 'This hero is listed on the Bazaar; cancel the listing first.';

/** 'Land #12' for a resident, 'No residence' otherwise. */
export const residenceText = (hero: Pick<Hero, 'residenceid'>): string =>
  hero.residenceid === null ? 'No residence' : `Land #${hero.residenceid}`;
