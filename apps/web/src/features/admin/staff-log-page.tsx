import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { StaffLogQuery } from '@aleph/contracts';
import { useGetStaffLogQuery } from './admin-endpoints';
import { PagedRows } from './data-table';
import { StaffLogRows, StaffLogTable } from './staff-log-table';
import { PageTitle } from './page-title';

type Filters = Pick<StaffLogQuery, 'action' | 'target' | 'actor'>;

/** The server's rule for an action name (contracts, StaffLogQuery). */
const ACTION = /^[a-z0-9_.-]{1,40}$/;
const LOGIN = /^.{1,32}$/;
const SPAN = 7;

function LogPage(props: {
  filters: Filters;
  cursor?: string;
  last: boolean;
  more(cursor: string): void;
}) {
  const query = useGetStaffLogQuery({
    ...props.filters,
    ...(props.cursor ? { cursor: props.cursor } : {}),
  });
  return (
    <PagedRows
      span={SPAN}
      query={query}
      failed="Failed to load the staff log"
      empty="No staff actions match these filters."
      count={(page) => page.entries.length}
      rows={(page) => <StaffLogRows entries={page.entries} />}
      first={!props.cursor}
      last={props.last}
      more={props.more}
    />
  );
}

/**
 * `/admin/stafflog`: every staff action, newest first (the operator CLI's as 'cli'), filtered
 * by action, target or staff member (logins), paged with "Load more".
 */
export function StaffLogPage() {
  const [filters, setFilters] = useState<Filters>({});
  const [action, setAction] = useState('');
  const [target, setTarget] = useState('');
  const [actor, setActor] = useState('');
  const [cursors, setCursors] = useState<string[]>([]);
  const actionOk = action === '' || ACTION.test(action);
  const targetOk = target === '' || LOGIN.test(target.trim());
  const actorOk = actor === '' || LOGIN.test(actor.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!actionOk || !targetOk || !actorOk) return;
    setCursors([]);
    setFilters({
      ...(action ? { action } : {}),
      ...(target.trim() ? { target: target.trim() } : {}),
      ...(actor.trim() ? { actor: actor.trim() } : {}),
    });
  };
  const pages: Array<string | undefined> = [undefined, ...cursors];
  return (
    <Stack spacing={2}>
      <PageTitle
        title="Staff log"
        about="Every staff action, newest first; the operator CLI's show as cli."
      />
      <Box
        component="form"
        onSubmit={submit}
        aria-label="Staff log filters"
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 220px)) max-content' },
        }}
      >
        <TextField
          id="stafflog-action"
          label="Action"
          size="small"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          error={!actionOk}
          helperText={actionOk ? 'e.g. suspend, grant' : 'Lower-case letters, digits and _.-'}
        />
        <TextField
          id="stafflog-target"
          label="Target"
          size="small"
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          error={!targetOk}
          helperText="The player's login."
        />
        <TextField
          id="stafflog-actor"
          label="Staff member"
          size="small"
          value={actor}
          onChange={(event) => setActor(event.target.value)}
          error={!actorOk}
          helperText="A login, or cli."
        />
        <Button type="submit" variant="outlined" color="secondary" sx={{ justifySelf: 'start' }}>
          Filter
        </Button>
      </Box>
      <StaffLogTable
        label="Staff log, newest first"
        entries={[]}
        footer={pages.map((cursor, i) => (
          <LogPage
            key={`${JSON.stringify(filters)}-${cursor ?? 'first'}`}
            filters={filters}
            cursor={cursor}
            last={i === pages.length - 1}
            more={(c) => setCursors((list) => [...list, c])}
          />
        ))}
      />
    </Stack>
  );
}
