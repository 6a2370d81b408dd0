import type { Hero } from '@aleph/contracts';
import { GAME_CONFIG } from '@aleph/rules';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetHeroesQuery } from '../../api/game-endpoints';
import { FeatureGate } from '../../lib/feature-gate';
import { SellOnBazaarButton } from '../../lib/sell-on-bazaar-button';
import { ScreenTabs, TabPanel } from '../../lib/screen-tabs';
import { SectionCard } from '../../lib/section-card';
import { useEtaFormatter } from '../../lib/use-eta';
import { HeroFacts } from './hero-facts';
import { LISTED_HERO_TEXT } from './hero-status';
import { HeroPortrait } from './hero-portrait';
import { HeroSkills } from './hero-skills';
import { HeroLevel } from './hero-level';
import { PotForm } from './pot-form';
import { UpskillForm } from './upskill-form';

/** docs/screens.md (Lands and heroes): the hero screen has one tab, MAIN. */
const TABS = [{ value: 'main', label: 'MAIN' }] as const;

function HeroMain({ hero }: { hero: Hero }) {
  const formatEta = useEtaFormatter();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'auto minmax(0, 1fr) minmax(0, 1.3fr)' },
          alignItems: 'start',
        }}
      >
        <HeroPortrait hero={hero} size={160} />
        <HeroFacts hero={hero} formatEta={formatEta} />
        <Stack spacing={1}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
            Skills
          </Typography>
          <HeroSkills
            skills={hero.skills}
            parts={{
              base: hero.baseSkills,
              upskills: hero.upskills,
              potSkill: hero.pot?.skill ?? null,
            }}
            potBoost={GAME_CONFIG.heroGrowth.pot.boost}
          />
        </Stack>
      </Box>
    </Paper>
  );
}

/** Level, upskills (level 6) and pots (level 4): docs/screens.md, Hero detail. */
function HeroGrowth({ hero }: { hero: Hero }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1.4fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <HeroLevel hero={hero} />
      <SectionCard title="Upskills">
        <FeatureGate flag="profileLevel6">
          <UpskillForm hero={hero} />
        </FeatureGate>
      </SectionCard>
      <SectionCard title="Skill Pot">
        <FeatureGate flag="profileLevel4">
          <PotForm hero={hero} />
        </FeatureGate>
      </SectionCard>
    </Box>
  );
}

function HeroNotFound({ heroid }: { heroid: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h1" component="h1">
          Hero not found
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          Hero #{heroid} does not exist or is not yours.
        </Typography>
        <Button component={RouterLink} to="/heroes" variant="outlined">
          Back to heroes
        </Button>
      </Stack>
    </Paper>
  );
}

/** One hero (docs/screens.md): a MAIN tab with the hero, its facts and its eight skills. */
export function HeroPage() {
  const { heroid = '' } = useParams();
  const heroes = useGetHeroesQuery();
  const id = /^\d+$/.test(heroid) ? Number(heroid) : Number.NaN;
  const hero = heroes.data?.find((candidate) => candidate.heroid === id);

  if (hero) {
    return (
      <Stack spacing={2}>
        <Link
          component={RouterLink}
          to="/heroes"
          color="secondary"
          sx={{ alignSelf: 'flex-start' }}
        >
          Back to heroes
        </Link>
        <Box>
          <Typography variant="h1" component="h1">
            {hero.name}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>Hero #{hero.heroid}</Typography>
        </Box>
        {hero.listingId === null ? (
          <SellOnBazaarButton
            target={{ kind: 'hero', heroid: hero.heroid, title: hero.name }}
            blocker={hero.busy ? 'This hero is on a mission.' : null}
          />
        ) : (
          <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
            <Button
              component={RouterLink}
              to={`/bazaar/${hero.listingId}`}
              variant="outlined"
              color="secondary"
            >
              See the listing
            </Button>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {LISTED_HERO_TEXT}
            </Typography>
          </Stack>
        )}
        <ScreenTabs label="Hero" idPrefix="hero" tabs={TABS} value="main" onChange={() => {}} />
        <TabPanel idPrefix="hero" value="main">
          <Stack spacing={2}>
            <HeroMain hero={hero} />
            <HeroGrowth hero={hero} />
          </Stack>
        </TabPanel>
      </Stack>
    );
  }
  if (heroes.data) return <HeroNotFound heroid={heroid} />;
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Hero #{heroid}
      </Typography>
      {heroes.isLoading ? (
        <Box role="status" aria-label="Loading hero" sx={{ display: 'grid', py: 6 }}>
          <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
        </Box>
      ) : (
        <Alert severity="error">Failed to load heroes</Alert>
      )}
    </Stack>
  );
}
