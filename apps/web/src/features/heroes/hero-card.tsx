import { useId } from 'react';
import type { Hero } from '@aleph/contracts';
import { RARITY_NAMES } from '@aleph/rules';
import { Link } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { HeroPortrait } from './hero-portrait';
import { HeroStatus, residenceText, type EtaFormatter } from './hero-status';

/** One hero of the list: the whole card links to the hero's screen. */
export function HeroCard({ hero, formatEta }: { hero: Hero; formatEta: EtaFormatter }) {
  const nameId = useId();
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none', height: '100%' }}>
      <CardActionArea
        component={Link}
        to={`/heroes/${hero.heroid}`}
        nativeButton={false}
        sx={{ height: '100%', p: 1.5, display: 'flex', alignItems: 'flex-start' }}
      >
        <Stack direction="row" spacing={1.5} sx={{ width: '100%' }}>
          <HeroPortrait hero={hero} size={80} decorative />
          <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
            <div>
              <Typography id={nameId} variant="h6" component="h2" noWrap sx={{ lineHeight: 1.3 }}>
                {hero.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Hero #{hero.heroid} · Level {hero.level}
              </Typography>
            </div>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }}>
              <Chip size="small" label={RARITY_NAMES[hero.rarity] ?? `#${hero.rarity}`} />
              <Chip
                size="small"
                variant="outlined"
                icon={<ElementIcon element={hero.element} />}
                label={elementLabel(hero.element)}
              />
            </Stack>
            <HeroStatus hero={hero} formatEta={formatEta} />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {residenceText(hero)}
            </Typography>
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
