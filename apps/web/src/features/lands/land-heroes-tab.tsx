import { Link as RouterLink } from 'react-router';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import TrendingUp from '@mui/icons-material/TrendingUp';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Hero } from '@aleph/contracts';
import { RARITY_NAMES } from '@aleph/rules';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import { Countdown } from '../../lib/countdown';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { useFeatureFlags } from '../../lib/feature-flags';
import { useEtaFormatter } from '../../lib/use-eta';
import { useLaunch } from './use-launch';

function HeroRow({ hero, formatEta }: { hero: Hero; formatEta(eta: string): string }) {
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
    >
      <Avatar src={hero.image} alt="" sx={{ bgcolor: 'background.default' }} />
      <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
        <Link
          component={RouterLink}
          to={`/heroes/${hero.heroid}`}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {hero.name}
        </Link>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {RARITY_NAMES[hero.rarity] ?? `#${hero.rarity}`} · Level {hero.level}
        </Typography>
      </Box>
      <Chip
        size="small"
        variant="outlined"
        icon={<ElementIcon element={hero.element} />}
        label={elementLabel(hero.element)}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip
          size="small"
          color={hero.busy ? 'warning' : 'success'}
          variant={hero.busy ? 'filled' : 'outlined'}
          label={hero.busy ? `Busy · ETA ${hero.eta ? formatEta(hero.eta) : '—'}` : 'Free'}
        />
        {hero.busy && hero.eta && <Countdown eta={hero.eta} />}
      </Stack>
    </Paper>
  );
}

/** HEROES: the heroes living on this land, and the mission that moves one here. */
export function LandHeroesTab({ landid }: { landid: number }) {
  const { data: heroes, isLoading, isError } = useGetHeroesQuery();
  const formatEta = useEtaFormatter();
  const launch = useLaunch();
  const flags = useFeatureFlags();
  const residents = (heroes ?? [])
    .filter((hero) => hero.residenceid === landid)
    .sort((a, b) => a.heroid - b.heroid);

  let content;
  if (isLoading) {
    content = <CircularProgress size={24} color="secondary" aria-label="Loading heroes" />;
  } else if (isError && !heroes) {
    content = <Alert severity="error">Error loading data</Alert>;
  } else if (residents.length === 0) {
    content = (
      <Typography sx={{ color: 'text.secondary' }}>No hero lives on this land yet.</Typography>
    );
  } else {
    content = (
      <Stack component="ul" aria-label="Resident heroes" spacing={1} sx={{ m: 0, p: 0 }}>
        {residents.map((hero) => (
          <HeroRow key={hero.heroid} hero={hero} formatEta={formatEta} />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      {content}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          startIcon={<SwapHoriz aria-hidden />}
          onClick={() => launch({ missionType: 'TRANSFERHERO', landid })}
        >
          Transfer Hero
        </Button>
        {/* A resident trains for its next level at home (HEROLEVELUP, profile level six). */}
        {flags.has('profileLevel6') && residents.length > 0 && (
          <Button
            variant="outlined"
            startIcon={<TrendingUp aria-hidden />}
            onClick={() => launch({ missionType: 'HEROLEVELUP', landid })}
          >
            Hero Level Up
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
