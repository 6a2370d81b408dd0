import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import {
  BAZAAR_CONFIG,
  ELEMENT_NAMES,
  ITEMS,
  RARITY_NAMES,
  SKILL_NAMES,
  TERRAIN_NAMES,
} from '@aleph/rules';
import { NativeSelectField, type SelectOption } from '../../lib/native-select-field';
import { SKILL_KEYS, SKILL_LIMIT, type BazaarFilters } from './bazaar-filters';
import { NumberFilter } from './number-filter';

const named = (names: readonly string[]): SelectOption[] =>
  names.map((label, i) => ({ value: String(i), label }));

const KIND: SelectOption[] = [
  { value: 'hero', label: 'Heroes' },
  { value: 'land', label: 'Lands' },
  { value: 'goods', label: 'Goods' },
];
/** Goods: the catalogue's items, and elementals or shards (of the Element chosen beside). */
const ITEM: SelectOption[] = [
  ...ITEMS.map((item) => ({ value: item.item_code, label: item.item_name })),
  { value: 'elementals', label: 'Elementals' },
  { value: 'shards', label: 'Shards' },
];
const CURRENCY: SelectOption[] = [
  { value: 'gold', label: 'Gold' },
  { value: 'platinum', label: 'Platinum' },
];
const TYPE: SelectOption[] = [
  { value: 'true', label: 'Auction' },
  { value: 'false', label: 'Fixed price' },
];
const SORT: SelectOption[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
  { value: 'ending', label: 'Ending soon' },
];

const grid = {
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: {
    xs: 'repeat(2, minmax(0, 1fr))',
    sm: 'repeat(3, minmax(0, 1fr))',
    md: 'repeat(4, minmax(0, 1fr))',
    lg: 'repeat(6, minmax(0, 1fr))',
  },
} as const;

const text = (value: number | string | boolean | undefined) =>
  value === undefined ? '' : String(value);

/**
 * The search's filters as labelled fields (docs/screens.md, Bazaar); every change goes to the
 * URL through `onChange`, the page reads them back from there. Skill minimums for heroes only.
 */
export function BazaarFiltersForm(props: {
  filters: BazaarFilters;
  onChange(key: keyof BazaarFilters, value: string): void;
}) {
  const { filters: f, onChange } = props;
  const select = (
    key: keyof BazaarFilters,
    label: string,
    options: SelectOption[],
    placeholder?: string,
  ) => (
    <NativeSelectField
      id={`bazaar-${key}`}
      label={label}
      size="small"
      value={key === 'sort' ? (f.sort ?? 'newest') : text(f[key])}
      options={options}
      placeholder={placeholder}
      onChange={(value) => onChange(key, value)}
    />
  );
  return (
    <Box
      component="form"
      role="search"
      aria-label="Bazaar filters"
      onSubmit={(e) => e.preventDefault()}
    >
      <Box sx={grid}>
        {select('kind', 'Kind', KIND, 'All')}
        {f.kind === 'goods' && select('item', 'Item', ITEM, 'Any')}
        {select('rarity', 'Rarity', named(RARITY_NAMES), 'Any')}
        {select('element', 'Element', named(ELEMENT_NAMES), 'Any')}
        {select('terrain', 'Terrain', named(TERRAIN_NAMES), 'Any')}
        {select('currency', 'Currency', CURRENCY, 'Any')}
        {select('auction', 'Type', TYPE, 'Any')}
        <NumberFilter
          id="bazaar-minPrice"
          label="Min price"
          value={f.minPrice}
          max={BAZAAR_CONFIG.maxPrice}
          onCommit={(v) => onChange('minPrice', v)}
        />
        <NumberFilter
          id="bazaar-maxPrice"
          label="Max price"
          value={f.maxPrice}
          max={BAZAAR_CONFIG.maxPrice}
          onCommit={(v) => onChange('maxPrice', v)}
        />
        {select('sort', 'Sort', SORT)}
      </Box>
      {f.kind === 'hero' && (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
            Skill minimums
          </Typography>
          <Box sx={grid}>
            {SKILL_KEYS.map((key, i) => (
              <NumberFilter
                key={key}
                id={`bazaar-${key}`}
                label={`Minimum ${SKILL_NAMES[i]}`}
                value={f[key]}
                max={SKILL_LIMIT}
                onCommit={(v) => onChange(key, v)}
              />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
