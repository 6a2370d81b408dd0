import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Place from '@mui/icons-material/Place';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Land } from '@aleph/contracts';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { formatNumber } from '../../lib/format-number';
import { landLabel } from '../../lib/land-label';
import { continentLabel, terrainLabel } from './land-names';

const percent = (value: number, max: number) => (max > 0 ? Math.min(100, (value / max) * 100) : 0);

/** One land in the list: the whole card is the link to its screen. */
export function LandCard({ land }: { land: Land }) {
  const titleId = useId();
  const title = landLabel(land);
  return (
    <Card
      variant="outlined"
      component="li"
      sx={{
        listStyle: 'none',
        height: '100%',
        position: 'relative',
        '&:hover': { borderColor: 'secondary.main' },
        '&:focus-within': { outline: 2, outlineColor: 'secondary.main' },
      }}
    >
      <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}>
        <CardMedia component="img" image={land.image} alt="" height={120} />
        <CardContent sx={{ display: 'grid', gap: 1.25, flex: 1 }}>
          <Box>
            <Typography id={titleId} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
              {/* The title is the link; its ::after covers the card, so the whole card is
                  clickable while the link's name stays the land's name. */}
              <Link
                component={RouterLink}
                to={`/lands/${land.landid}`}
                underline="hover"
                color="inherit"
                sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 } }}
              >
                {title}
              </Link>
            </Typography>
            {title !== `Land #${land.landid}` && (
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                Land #{land.landid}
              </Typography>
            )}
          </Box>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.75 }}>
            <Chip size="small" label={terrainLabel(land.terrain_type)} />
            <Chip
              size="small"
              variant="outlined"
              icon={<ElementIcon element={land.element} />}
              label={elementLabel(land.element)}
            />
          </Stack>
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', color: 'text.secondary' }}
          >
            <Place fontSize="small" aria-hidden />
            <Typography variant="body2">
              {continentLabel(land.continent)} · {land.x}, {land.y}
            </Typography>
          </Stack>
          <Box>
            <Typography variant="body2">
              Gold {formatNumber(land.gold.leftover)} / {formatNumber(land.gold.cap)}
            </Typography>
            <LinearProgress
              variant="determinate"
              color="secondary"
              value={percent(land.gold.leftover, land.gold.cap)}
              aria-label="Gold on land"
              sx={{ mt: 0.5, height: 4, borderRadius: 2 }}
            />
          </Box>
          <Box
            component="ul"
            aria-label="Vault"
            sx={{
              m: 0,
              p: 0,
              listStyle: 'none',
              display: 'grid',
              gridTemplateColumns: 'repeat(2, 1fr)',
              columnGap: 1.5,
              rowGap: 0.25,
            }}
          >
            {land.vault.volume.map((volume, element) => (
              <Box
                component="li"
                key={element}
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}
              >
                <ElementIcon element={element} fontSize="inherit" />
                <Typography variant="caption">
                  {elementLabel(element)} {formatNumber(volume)}
                </Typography>
              </Box>
            ))}
          </Box>
        </CardContent>
      </Box>
    </Card>
  );
}
