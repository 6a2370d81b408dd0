import { lazy, Suspense, type ComponentType } from 'react';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { TabPanel, useTabParam } from '../../lib/screen-tabs';

const TABS = [
  { value: 'buy-platinum', label: 'Buy Platinum Coin' },
  { value: 'mint-land', label: 'Mint Land' },
  { value: 'mint-hero', label: 'Mint Hero' },
] as const;
type MarketTab = (typeof TABS)[number]['value'];
const TAB_VALUES = TABS.map((tab) => tab.value);

/** Each tab is its own chunk, loaded when it is first opened. */
const PANELS: Record<MarketTab, ComponentType> = {
  'buy-platinum': lazy(() =>
    import('./buy-platinum-tab').then((m) => ({ default: m.BuyPlatinumTab })),
  ),
  'mint-land': lazy(() => import('./mint-land-tab').then((m) => ({ default: m.MintLandTab }))),
  'mint-hero': lazy(() => import('./mint-hero-tab').then((m) => ({ default: m.MintHeroTab }))),
};

/**
 * docs/screens.md: the marketplace's three tabs, loaded lazily with a 'Loading...' fallback.
 * The open tab is in the address (?tab=), so reload and the back button keep it.
 */
export function MarketplacePage() {
  const [tab, setTab] = useTabParam(TAB_VALUES);
  const Panel = PANELS[tab];
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        Marketplace
      </Typography>
      {/* Not ScreenTabs: its scroll buttons would hide 'Mint Hero' on a 390 px phone, where
          the three labels fit side by side when packed a little tighter. */}
      <Tabs
        value={tab}
        onChange={(_event, next: MarketTab) => setTab(next)}
        textColor="secondary"
        indicatorColor="secondary"
        variant="scrollable"
        scrollButtons="auto"
        aria-label="Marketplace"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((item) => (
          <Tab
            key={item.value}
            value={item.value}
            label={item.label}
            id={`market-tab-${item.value}`}
            aria-controls={`market-panel-${item.value}`}
            sx={{ minWidth: 0, px: { xs: 1, sm: 2 } }}
          />
        ))}
      </Tabs>
      <TabPanel idPrefix="market" value={tab}>
        {/* A boundary per tab: the router switches tabs in a transition, which would keep
            the previous tab on screen instead of showing the fallback. */}
        <Suspense key={tab} fallback={<Typography role="status">Loading...</Typography>}>
          <Panel />
        </Suspense>
      </TabPanel>
    </Stack>
  );
}
