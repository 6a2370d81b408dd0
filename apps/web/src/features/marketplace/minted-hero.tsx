import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Hero } from '@aleph/contracts';
import { RARITY_NAMES, SEX_NAMES, SKILL_NAMES } from '@aleph/rules';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { Inline, RevealFacts } from './reveal-facts';
import { RevealCard } from './reveal-card';

/** The eight skills in a compact grid, with their total and the best one. */
function SkillsSummary({ skills }: { skills: readonly number[] }) {
  const total = skills.reduce((sum, value) => sum + value, 0);
  const bestIndex = skills.reduce(
    (best, value, index) => (value > skills[best]! ? index : best),
    0,
  );
  return (
    <Box>
      <Typography variant="body2" sx={{ mb: 0.75 }}>
        Skills total {total}, best {SKILL_NAMES[bestIndex]} {skills[bestIndex]}
      </Typography>
      <Box
        component="ul"
        aria-label="Skills"
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          columnGap: 2,
          rowGap: 0.25,
        }}
      >
        {SKILL_NAMES.map((name, index) => (
          <Typography component="li" variant="body2" key={name} sx={{ color: 'text.secondary' }}>
            {name}{' '}
            <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }}>
              {skills[index] ?? 0}
            </Box>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** The hero a mint brought, with 'Open hero' to its screen. */
export function MintedHero({ hero }: { hero: Hero }) {
  return (
    <RevealCard
      heading="Your new hero"
      name={hero.name}
      caption={`Hero #${hero.heroid}`}
      image={
        <Box
          component="img"
          src={hero.image}
          alt=""
          width={140}
          height={140}
          sx={{ borderRadius: 2, bgcolor: 'action.hover', display: 'block' }}
        />
      }
      open={{ label: 'Open hero', to: `/heroes/${hero.heroid}` }}
    >
      <RevealFacts
        facts={[
          { term: 'Rarity', value: RARITY_NAMES[hero.rarity] ?? `#${hero.rarity}` },
          {
            term: 'Element',
            value: (
              <Inline>
                <ElementIcon element={hero.element} />
                {elementLabel(hero.element)}
              </Inline>
            ),
          },
          { term: 'Sex', value: SEX_NAMES[hero.sex] ?? `#${hero.sex}` },
        ]}
      />
      <SkillsSummary skills={hero.skills} />
    </RevealCard>
  );
}
