import { ELEMENT_NAMES, RARITY_NAMES } from '@aleph/rules';
import Stack from '@mui/material/Stack';
import { NativeSelectField } from '../../lib/native-select-field';
import { HERO_SORTS, type HeroListQuery, type HeroSort } from './hero-list-query';

const ALL = { value: '', label: 'All' };
const named = (names: readonly string[]) => [
  ALL,
  ...names.map((label, index) => ({ value: String(index), label })),
];
const RARITY_OPTIONS = named(RARITY_NAMES);
const ELEMENT_OPTIONS = named(ELEMENT_NAMES);

const toIndex = (value: string) => (value === '' ? null : Number(value));

interface HeroFiltersProps {
  query: HeroListQuery;
  onChange: (change: Partial<HeroListQuery>) => void;
}

/** Rarity and Element filters and the order, as for the lands list (docs/screens.md). */
export function HeroFilters({ query, onChange }: HeroFiltersProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: { sm: 720 } }}>
      <NativeSelectField
        id="heroes-rarity"
        label="Rarity"
        size="small"
        value={query.rarity === null ? '' : String(query.rarity)}
        options={RARITY_OPTIONS}
        onChange={(value) => onChange({ rarity: toIndex(value) })}
      />
      <NativeSelectField
        id="heroes-element"
        label="Element"
        size="small"
        value={query.element === null ? '' : String(query.element)}
        options={ELEMENT_OPTIONS}
        onChange={(value) => onChange({ element: toIndex(value) })}
      />
      <NativeSelectField
        id="heroes-sort"
        label="Sort by"
        size="small"
        value={query.sort}
        options={HERO_SORTS}
        onChange={(value) => onChange({ sort: value as HeroSort })}
      />
    </Stack>
  );
}
