import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { CONTINENT_NAMES, type Continent } from '@aleph/rules';
import { useGetHeroesQuery, useGetLandsQuery } from '../../api/game-endpoints';
import { NativeSelectField } from '../../lib/native-select-field';
import { MapCanvas, type Plot } from './map-canvas';
import { MapLegend } from './map-legend';
import { MAP_SIZE } from './map-view';
import { OwnerProfileDialog } from './owner-profile-dialog';
import { PlotCard, type PlotInfo } from './plot-card';
import { useContinentMap } from './use-continent-map';
import { residenceOf, travelTo, useBaseImage, useOwnPlots, useTravelImage } from './use-map-data';

/** The world map (docs/screens.md, World map): both continents, the player's lands, travel. */
export function MapPage() {
  const [continent, setContinent] = useState<Continent>(0);
  const [heroId, setHeroId] = useState('');
  const [hovered, setHovered] = useState<Plot | null>(null);
  const [selected, setSelected] = useState<Plot | null>(null);
  const [ownerId, setOwnerId] = useState<number | null>(null);
  const lands = useGetLandsQuery();
  const { data: heroes } = useGetHeroesQuery();
  // A push `land.changed` refetches the lands; the map follows.
  const map = useContinentMap(continent, lands.fulfilledTimeStamp ?? 0);
  const own = useOwnPlots(lands.data, continent);
  const base = useBaseImage(map, own);
  const hero = heroes?.find((h) => String(h.heroid) === heroId);
  const residence = useMemo(() => residenceOf(hero, lands.data), [hero, lands.data]);
  const travel = useTravelImage(continent, residence);
  const ownIndexes = useMemo(() => [...own.keys()], [own]);
  const continentName = CONTINENT_NAMES[continent] ?? '';

  const shown = hovered ?? selected;
  let info: PlotInfo | null = null;
  if (shown && map.status === 'ready') {
    const land = own.get(shown.y * MAP_SIZE + shown.x);
    info = {
      continent,
      continentName,
      ...shown,
      cell: map.map.cells[shown.y * MAP_SIZE + shown.x] ?? 0,
      own: land ? { landid: land.landid, name: land.name ?? `Land #${land.landid}` } : null,
      travel:
        hero && residence !== undefined
          ? { hero: hero.name, minutes: travelTo(residence, continent, shown.x, shown.y) }
          : null,
    };
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        World map
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Tabs
          value={continent}
          onChange={(_e, value: Continent) => {
            setContinent(value);
            setHovered(null);
            setSelected(null);
          }}
          aria-label="Continent"
          textColor="secondary"
          indicatorColor="secondary"
        >
          {CONTINENT_NAMES.map((name, i) => (
            <Tab key={name} label={name} value={i as Continent} />
          ))}
        </Tabs>
        <Link component={RouterLink} to="/world">
          World statistics
        </Link>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 320px' },
          alignItems: 'start',
        }}
      >
        <Box>
          {map.status === 'error' && <Alert severity="error">Failed to load the map</Alert>}
          {map.status === 'loading' && (
            <Box role="status" aria-label="Loading the map" sx={{ display: 'grid', py: 6 }}>
              <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
            </Box>
          )}
          {base && (
            <MapCanvas
              name={continentName}
              base={base}
              travel={travel}
              own={ownIndexes}
              selected={selected}
              onHover={setHovered}
              onSelect={setSelected}
            />
          )}
        </Box>
        <Stack spacing={2}>
          <NativeSelectField
            id="map-hero"
            label="Travel time for hero"
            value={heroId}
            placeholder="No hero"
            options={(heroes ?? []).map((h) => ({ value: String(h.heroid), label: h.name }))}
            onChange={setHeroId}
            helperText={hero ? 'Darker plots are further from the hero.' : undefined}
          />
          <PlotCard plot={info} onOwner={setOwnerId} />
          <MapLegend />
          {map.status === 'ready' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {map.map.count.toLocaleString('en-US')} lands on {continentName}
            </Typography>
          )}
        </Stack>
      </Box>
      <OwnerProfileDialog profileid={ownerId} onClose={() => setOwnerId(null)} />
    </Stack>
  );
}
