import CatchingPokemon from '@mui/icons-material/CatchingPokemon';
import TravelExplore from '@mui/icons-material/TravelExplore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Land } from '@aleph/contracts';
import { ELEMENTS } from '@aleph/rules';
import { useFeatureFlags } from '../../lib/feature-flags';
import { ElementCard } from './element-card';
import { useLaunch } from './use-launch';

/** ELEMENTS: a tower and a vault per element, and the missions that fill the vaults. */
export function LandElementsTab({ land }: { land: Land }) {
  const launch = useLaunch();
  const flags = useFeatureFlags();
  const { landid } = land;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="contained"
          color="secondary"
          startIcon={<TravelExplore aria-hidden />}
          onClick={() => launch({ missionType: 'SEARCHELEMENT', landid })}
        >
          Search Elementals
        </Button>
        {/* Hunt Seal unlocks with profile level two (docs/screens.md). */}
        {flags.has('profileLevel2') && (
          <Button
            variant="outlined"
            startIcon={<CatchingPokemon aria-hidden />}
            onClick={() => launch({ missionType: 'HUNTSEAL', landid })}
          >
            Hunt Seal
          </Button>
        )}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
        }}
      >
        {ELEMENTS.map((element) => (
          <ElementCard
            key={element}
            land={land}
            element={element}
            canUpgradeSeal={flags.has('profileLevel3')}
            canImproveSeal={flags.has('profileLevel7')}
          />
        ))}
      </Box>
    </Stack>
  );
}
