import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { LedgerRow, PlayerLedgerQuery } from '@aleph/contracts';
import { elementLabel } from '../../lib/element-visuals';
import { formatNumber } from '../../lib/format-number';
import { NativeSelectField } from '../../lib/native-select-field';
import { useGetPlayerLedgerQuery } from './admin-endpoints';
import { DataRows, DataTable, PagedRows, type Column } from './data-table';
import { when } from './format';

type Kind = NonNullable<PlayerLedgerQuery['kind']>;

const KINDS: readonly { value: Kind; label: string }[] = [
  { value: 'gold', label: 'Gold' },
  { value: 'platinum', label: 'Platinum' },
  { value: 'xp', label: 'XP' },
  { value: 'vip', label: 'VIP points' },
  { value: 'land_gold', label: 'Gold on lands' },
  { value: 'vault', label: 'Elementals' },
  { value: 'shards', label: 'Shards' },
  { value: 'item', label: 'Items' },
];

/** The server's rule for a cause filter (contracts, PlayerLedgerQuery). */
const CAUSE = /^[A-Za-z0-9_:.-]{1,60}$/;

const signed = (n: number) => (n > 0 ? `+${formatNumber(n)}` : formatNumber(n));

const COLUMNS: readonly Column<LedgerRow>[] = [
  { header: 'Time', cell: (r) => when(r.at) },
  { header: 'Asset', cell: (r) => KINDS.find((k) => k.value === r.asset)?.label ?? r.asset },
  { header: 'Change', cell: (r) => signed(r.delta) },
  { header: 'Cause', cell: (r) => r.cause },
  { header: 'Reference', cell: (r) => r.causeId ?? '—' },
  { header: 'Land', cell: (r) => (r.landId === null ? '—' : `#${r.landId}`) },
  {
    header: 'Element or item',
    cell: (r) => r.itemCode ?? (r.element === null ? '—' : elementLabel(r.element)),
  },
];

interface Filters {
  kind?: Kind;
  cause?: string;
}

/** One page; the last loaded one offers the next (keyset cursor). */
function LedgerPage(props: {
  id: number;
  filters: Filters;
  cursor?: string;
  last: boolean;
  more(cursor: string): void;
}) {
  const query = useGetPlayerLedgerQuery({
    id: props.id,
    ...props.filters,
    cursor: props.cursor,
  });
  return (
    <PagedRows
      span={COLUMNS.length}
      query={query}
      failed="Failed to load the ledger"
      empty="No ledger entries match these filters."
      count={(page) => page.entries.length}
      rows={(page) => <DataRows columns={COLUMNS} rows={page.entries} rowKey={(r) => r.id} />}
      first={!props.cursor}
      last={props.last}
      more={props.more}
    />
  );
}

/**
 * The player's ledger, newest first: every balance change with its cause (a staff grant's
 * cause names its staff-log row). Filters by kind (asset) and cause; "Load more" pages on.
 */
export function LedgerSection({ id }: { id: number }) {
  const [filters, setFilters] = useState<Filters>({});
  const [cause, setCause] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const causeOk = cause === '' || CAUSE.test(cause);
  const apply = (next: Filters) => {
    setFilters(next);
    setCursors([]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (causeOk) apply({ ...filters, cause: cause || undefined });
  };
  const pages: Array<string | undefined> = [undefined, ...cursors];
  return (
    <>
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Ledger filters"
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', sm: 'minmax(0, 200px) minmax(0, 260px) max-content' },
        }}
      >
        <NativeSelectField
          id="ledger-kind"
          label="Kind"
          size="small"
          value={filters.kind ?? ''}
          placeholder="All kinds"
          options={KINDS}
          onChange={(value) => apply({ ...filters, kind: (value || undefined) as Kind })}
        />
        <TextField
          id="ledger-cause"
          label="Cause"
          size="small"
          value={cause}
          onChange={(event) => setCause(event.target.value)}
          error={!causeOk}
          helperText={
            causeOk ? 'e.g. mission, mission:GOLDCLAIM, staff' : 'Letters, digits and _:.- only'
          }
        />
        <Button
          type="submit"
          variant="outlined"
          color="secondary"
          disabled={!causeOk}
          sx={{ justifySelf: 'start' }}
        >
          Filter
        </Button>
      </Box>
      <DataTable
        label="Ledger, newest first"
        columns={COLUMNS}
        rows={[]}
        rowKey={(r) => r.id}
        empty=""
        footer={pages.map((cursor, i) => (
          <LedgerPage
            key={cursor ?? 'first'}
            id={id}
            filters={filters}
            cursor={cursor}
            last={i === pages.length - 1}
            more={(c) => setCursors((list) => [...list, c])}
          />
        ))}
      />
    </>
  );
}
