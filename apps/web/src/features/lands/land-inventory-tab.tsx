import { useState } from 'react';
import Category from '@mui/icons-material/Category';
import Inventory2 from '@mui/icons-material/Inventory2';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { InventoryItem } from '@aleph/contracts';
import { formatAmount } from '@aleph/rules';
import { useGetLandBalancesQuery } from '../../api/game-endpoints';
import { SellOnBazaarButton } from '../../lib/sell-on-bazaar-button';

type Filter = 'all' | InventoryItem['item_type'];
/** The designed words: All / item / stuff (docs/screens.md). */
const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'item', label: 'item' },
  { value: 'stuff', label: 'stuff' },
];

function ItemTile({ item, landid }: { item: InventoryItem; landid: number }) {
  const Icon = item.item_type === 'item' ? Inventory2 : Category;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2, minWidth: 0 }}
    >
      <Badge
        badgeContent={formatAmount(item.balance)}
        // formatAmount already shortens; the default max of 99 would turn 999 into '99+'.
        max={Number.MAX_SAFE_INTEGER}
        color="secondary"
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Icon sx={{ fontSize: 36, color: 'text.secondary' }} aria-hidden />
      </Badge>
      <Box sx={{ minWidth: 0, pl: 1 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.item_name}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {item.item_type}
        </Typography>
      </Box>
      {item.balance > 0 && (
        <Box sx={{ ml: 'auto' }}>
          <SellOnBazaarButton
            compact
            target={{
              kind: 'goods',
              landid,
              item: item.item_code,
              title: item.item_name,
              available: item.balance,
            }}
          />
        </Box>
      )}
    </Paper>
  );
}

/** INVENTORY: the land's items and stuff with their balances (K above 1000, M above 1M). */
export function LandInventoryTab({ landid }: { landid: number }) {
  const { data: items, isLoading, isError } = useGetLandBalancesQuery(landid);
  const [filter, setFilter] = useState<Filter>('all');
  const shown = (items ?? []).filter((item) => filter === 'all' || item.item_type === filter);

  let content;
  if (isLoading) {
    content = <CircularProgress size={24} color="secondary" aria-label="Loading inventory" />;
  } else if (isError && !items) {
    content = <Alert severity="error">Error loading data</Alert>;
  } else if (shown.length === 0) {
    content = <Typography sx={{ color: 'text.secondary' }}>No data available</Typography>;
  } else {
    content = (
      <Box
        component="ul"
        aria-label="Inventory"
        sx={{
          m: 0,
          p: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
        }}
      >
        {shown.map((item) => (
          <ItemTile key={item.itemid} item={item} landid={landid} />
        ))}
      </Box>
    );
  }

  return (
    <Stack spacing={2}>
      <ToggleButtonGroup
        value={filter}
        exclusive
        size="small"
        aria-label="Filter"
        onChange={(_event, next: Filter | null) => next && setFilter(next)}
        sx={{ alignSelf: 'flex-start' }}
      >
        {FILTERS.map((option) => (
          <ToggleButton
            key={option.value}
            value={option.value}
            sx={{ textTransform: 'none', px: 2 }}
          >
            {option.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {content}
    </Stack>
  );
}
