import Box from '@mui/material/Box';
import type { Land } from '@aleph/contracts';
import { CONTINENT_NAMES, TERRAIN_NAMES } from '@aleph/rules';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { landLabel } from '../../lib/land-label';
import { Inline, RevealFacts } from './reveal-facts';
import { RevealCard } from './reveal-card';

/** The land a mint brought, with 'Open land' to its screen. */
export function MintedLand({ land }: { land: Land }) {
  const name = landLabel(land);
  return (
    <RevealCard
      heading="Your new land"
      name={name}
      caption={name === `Land #${land.landid}` ? undefined : `Land #${land.landid}`}
      image={
        <Box
          component="img"
          src={land.image}
          alt=""
          sx={{
            width: { xs: '100%', sm: 240 },
            height: { xs: 160, sm: 180 },
            objectFit: 'cover',
            borderRadius: 2,
            bgcolor: 'action.hover',
            display: 'block',
          }}
        />
      }
      open={{ label: 'Open land', to: `/lands/${land.landid}` }}
    >
      <RevealFacts
        facts={[
          { term: 'Continent', value: CONTINENT_NAMES[land.continent] ?? `#${land.continent}` },
          { term: 'Coordinates', value: `${land.x}, ${land.y}` },
          { term: 'Terrain', value: TERRAIN_NAMES[land.terrain_type] ?? `#${land.terrain_type}` },
          {
            term: 'Element',
            value: (
              <Inline>
                <ElementIcon element={land.element} />
                {elementLabel(land.element)}
              </Inline>
            ),
          },
        ]}
      />
    </RevealCard>
  );
}
