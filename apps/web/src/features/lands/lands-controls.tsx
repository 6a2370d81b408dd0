import Stack from '@mui/material/Stack';
import { ELEMENT_NAMES, TERRAIN_NAMES } from '@aleph/rules';
import { NativeSelectField } from '../../lib/native-select-field';
import { LAND_SORTS, type LandSort } from './lands-view';
import type { LandsListState } from './use-lands-view';

const ALL = { value: '', label: 'All' };
const named = (names: readonly string[]) => [
  ALL,
  ...names.map((label, id) => ({ value: String(id), label })),
];
const TERRAIN_OPTIONS = named(TERRAIN_NAMES);
const ELEMENT_OPTIONS = named(ELEMENT_NAMES);

const toId = (value: string) => (value === '' ? null : Number(value));
const fromId = (id: number | null) => (id === null ? '' : String(id));

interface LandsControlsProps {
  state: LandsListState;
  onChange(change: Partial<LandsListState>): void;
}

/**
 * 'Rarity' (the terrain) and 'Element' filters and the 'Sort by' choice, on native selects
 * like the heroes list: the phone's own picker at 390 px.
 */
export function LandsControls({ state, onChange }: LandsControlsProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ maxWidth: { sm: 720 } }}>
      <NativeSelectField
        id="lands-rarity"
        label="Rarity"
        size="small"
        value={fromId(state.terrain)}
        options={TERRAIN_OPTIONS}
        onChange={(value) => onChange({ terrain: toId(value) })}
      />
      <NativeSelectField
        id="lands-element"
        label="Element"
        size="small"
        value={fromId(state.element)}
        options={ELEMENT_OPTIONS}
        onChange={(value) => onChange({ element: toId(value) })}
      />
      <NativeSelectField
        id="lands-sort"
        label="Sort by"
        size="small"
        value={state.sort}
        options={LAND_SORTS}
        onChange={(value) => onChange({ sort: value as LandSort })}
      />
    </Stack>
  );
}
