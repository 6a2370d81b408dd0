import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PlayerRow } from '@aleph/contracts';
import { useSearchPlayersQuery } from './admin-endpoints';
import { DataRows, DataTable, PagedRows, type Column } from './data-table';
import { ROLE_LABELS, shortAddress, when } from './format';
import { PlayerLink } from './staff-log-table';
import { StatusChip } from './status-chip';
import { PageTitle } from './page-title';

const PAGE_SIZE = 25;

const COLUMNS: readonly Column<PlayerRow>[] = [
  { header: 'Login', cell: (p) => <PlayerLink id={p.id} login={p.login} /> },
  { header: 'ID', cell: (p) => p.id },
  { header: 'Nickname', cell: (p) => p.nickname },
  { header: 'E-mail', cell: (p) => p.email },
  { header: 'Wallet', cell: (p) => <span title={p.address}>{shortAddress(p.address)}</span> },
  { header: 'Role', cell: (p) => ROLE_LABELS[p.role] },
  { header: 'Level', cell: (p) => p.level },
  { header: 'Status', cell: (p) => <StatusChip status={p.status} /> },
  { header: 'Joined', cell: (p) => when(p.createdAt) },
];

function ResultPage(props: {
  q: string;
  cursor?: string;
  last: boolean;
  more(cursor: string): void;
}) {
  const query = useSearchPlayersQuery({
    ...(props.q ? { q: props.q } : {}),
    ...(props.cursor ? { cursor: props.cursor } : {}),
    limit: PAGE_SIZE,
  });
  return (
    <PagedRows
      span={COLUMNS.length}
      query={query}
      failed="Failed to search the players"
      empty="No player matches."
      count={(page) => page.players.length}
      rows={(page) => <DataRows columns={COLUMNS} rows={page.players} rowKey={(p) => p.id} />}
      first={!props.cursor}
      last={props.last}
      more={props.more}
    />
  );
}

/**
 * `/admin`: players by the start of their login, e-mail or wallet address, or by id, in the
 * server's order; "Load more" pages on. The search is kept in the URL (`?q=`), so the way back from a
 * player's page finds it again.
 */
export function PlayersPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [cursors, setCursors] = useState<string[]>([]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setCursors([]);
    const next = text.trim();
    setParams(next ? { q: next } : {}, { replace: true });
  };
  const pages: Array<string | undefined> = [undefined, ...cursors];
  return (
    <Stack spacing={2}>
      <PageTitle
        title="Players"
        about="Every account, the oldest first; search by the start of a login, e-mail or wallet address, or by id."
      />
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 640 }}
      >
        <TextField
          id="admin-search"
          label="Search players"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          helperText="The start of a login, e-mail or wallet address, or an id."
          size="small"
          fullWidth
          slotProps={{ htmlInput: { maxLength: 320 } }}
        />
        <Button type="submit" variant="contained" color="secondary">
          Search
        </Button>
      </Box>
      <DataTable
        label={q ? `Players matching ${q}` : 'All players'}
        columns={COLUMNS}
        rows={[]}
        rowKey={(p) => p.id}
        empty=""
        footer={pages.map((cursor, i) => (
          <ResultPage
            key={`${q}-${cursor ?? 'first'}`}
            q={q}
            cursor={cursor}
            last={i === pages.length - 1}
            more={(c) => setCursors((list) => [...list, c])}
          />
        ))}
      />
    </Stack>
  );
}
