import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TERRAIN_NAMES } from '@aleph/rules';
import { FREE_COLOR, OWN_COLOR, TERRAIN_COLORS } from './map-bitmap';

const ENTRIES = [
  { label: 'Your lands', color: OWN_COLOR },
  ...TERRAIN_NAMES.map((name, i) => ({ label: `${name} (taken)`, color: TERRAIN_COLORS[i]! })),
  { label: 'Free', color: FREE_COLOR },
];

/** What the colours mean: the map itself is an image, so its key is text. */
export function MapLegend() {
  return (
    <Box
      component="ul"
      aria-label="Map legend"
      sx={{
        m: 0,
        p: 0,
        listStyle: 'none',
        display: 'flex',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 0.5,
      }}
    >
      {ENTRIES.map((e) => (
        <Box key={e.label} component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box
            aria-hidden
            sx={{ width: 12, height: 12, bgcolor: e.color, border: '1px solid #888' }}
          />
          <Typography variant="body2">{e.label}</Typography>
        </Box>
      ))}
    </Box>
  );
}
