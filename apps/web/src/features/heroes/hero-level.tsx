import type { Hero } from '@aleph/contracts';
import { GAME_CONFIG, heroLevelXp } from '@aleph/rules';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFeatureFlags } from '../../lib/feature-flags';
import { formatNumber } from '../../lib/format-number';
import { useContext } from 'react';
import { MissionLauncherContext } from '../../lib/mission-launcher-context';
import { SectionCard } from '../../lib/section-card';
import { LISTED_HERO_TEXT } from './hero-status';

const MAX_LEVEL = GAME_CONFIG.heroGrowth.maxLevel;

/** Why Level up cannot start yet, or null when it can (the server checks again). */
function levelUpBlocker(hero: Hero): string | null {
  if (hero.level >= MAX_LEVEL) return 'This hero is at the highest level.';
  if (hero.residenceid === null)
    return 'A hero trains on its home land: give it a residence first.';
  if (hero.busy) return 'The hero is on a mission.';
  if (hero.listingId !== null) return LISTED_HERO_TEXT;
  if ((hero.xpToNext ?? 0) > 0) return `${formatNumber(hero.xpToNext ?? 0)} more hero XP needed.`;
  return null;
}

/** Level, hero XP and the way to the next level (docs/screens.md, Hero detail). */
export function HeroLevel({ hero }: { hero: Hero }) {
  // Absent only where a screen is shown on its own (unit tests): Level up is then disabled.
  const launcher = useContext(MissionLauncherContext);
  const top = hero.level >= MAX_LEVEL;
  const need = top ? hero.xp : heroLevelXp(hero.level + 1);
  const blocker = levelUpBlocker(hero);
  const flags = useFeatureFlags();
  const launch = () => {
    if (hero.residenceid === null || !launcher) return;
    try {
      launcher.open({ missionType: 'HEROLEVELUP', landid: hero.residenceid, heroid: hero.heroid });
    } catch (error) {
      console.warn('Mission launcher not opened', error);
    }
  };
  return (
    <SectionCard title={`Level ${hero.level} / ${MAX_LEVEL}`}>
      <Stack spacing={0.5}>
        <Typography variant="body2">
          Hero XP {formatNumber(hero.xp)}
          {top ? '' : ` of ${formatNumber(need)}`}
        </Typography>
        <LinearProgress
          variant="determinate"
          color="secondary"
          value={top ? 100 : Math.min(100, (hero.xp / need) * 100)}
          aria-label="Hero XP"
          aria-valuetext={top ? 'Highest level' : `${hero.xpToNext ?? 0} XP to next level`}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {top ? 'Highest level reached.' : `XP to next level: ${formatNumber(hero.xpToNext ?? 0)}`}
        </Typography>
      </Stack>
      {/* Levelling up comes with the upskills (level 6); their card shows the locked text. */}
      {flags.has('profileLevel6') && (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <Button
            variant="contained"
            color="secondary"
            disabled={blocker !== null || !launcher}
            onClick={launch}
          >
            Level up
          </Button>
          {blocker && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {blocker}
            </Typography>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
