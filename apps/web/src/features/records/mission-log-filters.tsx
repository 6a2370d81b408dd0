import Box from '@mui/material/Box';
import type { MissionLogQuery } from '@aleph/contracts';
import { MISSION_TYPE_LIST, MISSION_TYPES } from '@aleph/rules';
import { useGetHeroesQuery, useGetLandsQuery } from '../../api/game-endpoints';
import { landLabel } from '../../lib/land-label';
import { NativeSelectField } from '../../lib/native-select-field';

export type LogFilters = Omit<MissionLogQuery, 'cursor' | 'limit'>;

interface Props {
  filters: LogFilters;
  onChange(filters: LogFilters): void;
}

const number = (v: string) => (v ? Number(v) : undefined);

/** The log's four filters, each a labelled native select (the phone's own picker at 390 px). */
export function MissionLogFilters({ filters, onChange }: Props) {
  const heroes = useGetHeroesQuery();
  const lands = useGetLandsQuery();
  const set = (patch: Partial<LogFilters>) => onChange({ ...filters, ...patch });
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 220px))' },
      }}
    >
      <NativeSelectField
        id="log-type"
        label="Mission type"
        size="small"
        value={filters.type ?? ''}
        placeholder="All types"
        options={MISSION_TYPE_LIST.map((t) => ({ value: t, label: MISSION_TYPES[t].missionName }))}
        onChange={(v) => set({ type: (v || undefined) as LogFilters['type'] })}
      />
      <NativeSelectField
        id="log-hero"
        label="Hero"
        size="small"
        value={filters.heroid ? String(filters.heroid) : ''}
        placeholder="All heroes"
        options={(heroes.data ?? []).map((h) => ({ value: String(h.heroid), label: h.name }))}
        onChange={(v) => set({ heroid: number(v) })}
      />
      <NativeSelectField
        id="log-land"
        label="Land"
        size="small"
        value={filters.landid ? String(filters.landid) : ''}
        placeholder="All lands"
        options={(lands.data ?? []).map((l) => ({ value: String(l.landid), label: landLabel(l) }))}
        onChange={(v) => set({ landid: number(v) })}
      />
      <NativeSelectField
        id="log-outcome"
        label="Outcome"
        size="small"
        value={filters.outcome ?? ''}
        placeholder="All outcomes"
        options={[
          { value: 'success', label: 'Success' },
          { value: 'failure', label: 'Failure' },
        ]}
        onChange={(v) => set({ outcome: (v || undefined) as LogFilters['outcome'] })}
      />
    </Box>
  );
}
