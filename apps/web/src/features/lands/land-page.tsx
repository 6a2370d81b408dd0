import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { httpStatus } from '../../api/error-message';
import { landLabel } from '../../lib/land-label';
import { SellOnBazaarButton } from '../../lib/sell-on-bazaar-button';
import { ScreenTabs, TabPanel, useTabParam } from '../../lib/screen-tabs';
import { LandElementsTab } from './land-elements-tab';
import { useGetLandQuery } from './land-endpoints';
import { LandHeader } from './land-header';
import { LandHeroesTab } from './land-heroes-tab';
import { LandInventoryTab } from './land-inventory-tab';
import { LandMainTab } from './land-main-tab';

const TABS = [
  { value: 'main', label: 'MAIN' },
  { value: 'heroes', label: 'HEROES' },
  { value: 'elements', label: 'ELEMENTS' },
  { value: 'inventory', label: 'INVENTORY' },
] as const;
const TAB_VALUES = TABS.map((tab) => tab.value);

/** A positive whole number from the address, or undefined for anything else. */
function parseLandId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function LandNotFound() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h2">
          Land not found
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          This land does not exist or is not yours.
        </Typography>
        <Button component={RouterLink} to="/lands" variant="outlined">
          Back to your lands
        </Button>
      </Stack>
    </Paper>
  );
}

/** Until the land is there: the asked-for title, then a spinner, 'Land not found' or an error. */
function LandPending({ param, state }: { param?: string; state: 'loading' | 'missing' | 'error' }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        Land #{param}
      </Typography>
      {state === 'missing' && <LandNotFound />}
      {state === 'error' && <Alert severity="error">Error loading data</Alert>}
      {state === 'loading' && (
        <Box role="status" aria-label="Loading land" sx={{ display: 'grid', py: 6 }}>
          <CircularProgress color="secondary" sx={{ justifySelf: 'center' }} aria-hidden />
        </Box>
      )}
    </Stack>
  );
}

/** One land with its MAIN, HEROES, ELEMENTS and INVENTORY tabs. */
export function LandPage() {
  const param = useParams().landid;
  const landid = parseLandId(param);
  const query = useGetLandQuery(landid ?? 0, { skip: landid === undefined });
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const land = query.data;

  if (!land) {
    const missing = landid === undefined || httpStatus(query.error) === 404;
    const state = missing ? 'missing' : query.isLoading ? 'loading' : 'error';
    return <LandPending param={param} state={state} />;
  }

  return (
    <Stack spacing={2}>
      <LandHeader land={land} />
      {/* A land is sold without its residents (docs/game-rules.md, Bazaar). */}
      <SellOnBazaarButton
        target={{ kind: 'land', landid: land.landid, title: landLabel(land) }}
        blocker={land.residents > 0 ? 'Heroes live on this land: move them out first.' : null}
      />
      <ScreenTabs label="Land" idPrefix="land" tabs={TABS} value={tab} onChange={setTab} />
      <TabPanel idPrefix="land" value={tab}>
        {tab === 'main' && <LandMainTab land={land} />}
        {tab === 'heroes' && <LandHeroesTab landid={land.landid} />}
        {tab === 'elements' && <LandElementsTab land={land} />}
        {tab === 'inventory' && <LandInventoryTab landid={land.landid} />}
      </TabPanel>
    </Stack>
  );
}
