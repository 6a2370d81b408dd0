import type { ReactNode } from 'react';
import type { Hero } from '@aleph/contracts';
import { RARITY_NAMES, SEX_NAMES } from '@aleph/rules';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { HeroStatus, residenceText, type EtaFormatter } from './hero-status';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {term}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0 }}>
        {children}
      </Typography>
    </>
  );
}

/** Sex, rarity, element, generation, status and residence as a description list. */
export function HeroFacts({ hero, formatEta }: { hero: Hero; formatEta: EtaFormatter }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
      }}
    >
      <Fact term="Sex">{SEX_NAMES[hero.sex] ?? `#${hero.sex}`}</Fact>
      <Fact term="Rarity">{RARITY_NAMES[hero.rarity] ?? `#${hero.rarity}`}</Fact>
      <Fact term="Element">
        <Stack component="span" direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <ElementIcon element={hero.element} />
          <span>{elementLabel(hero.element)}</span>
        </Stack>
      </Fact>
      <Fact term="Generation">{hero.generation}</Fact>
      <Fact term="Status">
        <HeroStatus hero={hero} formatEta={formatEta} />
      </Fact>
      <Fact term="Residence">
        {hero.residenceid === null ? (
          residenceText(hero)
        ) : (
          <Link component={RouterLink} to={`/lands/${hero.residenceid}`} color="secondary">
            {residenceText(hero)}
          </Link>
        )}
      </Fact>
    </Box>
  );
}
