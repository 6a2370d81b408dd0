import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Paid from '@mui/icons-material/Paid';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { Land } from '@aleph/contracts';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { formatNumber } from '../../lib/format-number';
import { continentLabel, terrainLabel } from './land-names';
import { DetailList } from '../../lib/detail-list';
import { SectionCard } from '../../lib/section-card';
import { useLaunch } from './use-launch';

const share = (value: number, max: number) => (max > 0 ? Math.min(100, (value / max) * 100) : 0);

/** MAIN: where the land is and what it is, its gold, and the two gold missions. */
export function LandMainTab({ land }: { land: Land }) {
  const launch = useLaunch();
  const { leftover, cap, productivity } = land.gold;
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      <SectionCard title="Land info" icon={<InfoOutlined color="secondary" aria-hidden />}>
        <DetailList
          details={[
            { term: 'Continent', value: continentLabel(land.continent) },
            { term: 'Land', value: land.name?.trim() || `#${land.landid}` },
            { term: 'Coordinates', value: `${land.x}, ${land.y}` },
            { term: 'Terrain', value: terrainLabel(land.terrain_type) },
            {
              term: 'Element',
              value: (
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}
                >
                  <ElementIcon element={land.element} />
                  {elementLabel(land.element)}
                </Box>
              ),
            },
          ]}
        />
      </SectionCard>
      <SectionCard title="Gold on Land" icon={<Paid color="secondary" aria-hidden />}>
        <DetailList
          details={[
            { term: 'Leftover', value: formatNumber(leftover) },
            { term: 'Daily Production', value: formatNumber(productivity) },
            { term: 'Production Limit', value: formatNumber(cap) },
          ]}
        />
        <LinearProgress
          variant="determinate"
          color="secondary"
          value={share(leftover, cap)}
          aria-label="Gold on land"
          aria-valuetext={`${formatNumber(leftover)} of ${formatNumber(cap)}`}
          sx={{ height: 8, borderRadius: 4 }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button
            variant="contained"
            color="secondary"
            disabled={leftover <= 0}
            onClick={() => launch({ missionType: 'GOLDCLAIM', landid: land.landid })}
          >
            Claim Gold
          </Button>
          <Button
            variant="outlined"
            onClick={() => launch({ missionType: 'DAILYREWARD', landid: land.landid })}
          >
            Claim Daily Reward
          </Button>
        </Stack>
      </SectionCard>
    </Box>
  );
}
