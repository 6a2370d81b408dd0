import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SOCIAL_CONFIG } from '@aleph/rules';
import type { AllianceSummary } from '@aleph/contracts';
import { formatNumber } from '../../lib/format-number';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useSearchAlliancesQuery } from './alliance-endpoints';
import { CreateAllianceDialog } from './create-alliance-dialog';

function AllianceItem({ alliance }: { alliance: AllianceSummary }) {
  return (
    <Box
      component="li"
      sx={{
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        display: 'flex',
        gap: 1,
        flexWrap: 'wrap',
        alignItems: 'center',
      }}
    >
      <Link component={RouterLink} to={`/alliances/${alliance.id}`} sx={{ fontWeight: 600 }}>
        [{alliance.tag}] {alliance.name}
      </Link>
      <Typography variant="body2" color="text.secondary">
        {alliance.members}/{SOCIAL_CONFIG.alliances.maxMembers} members ·{' '}
        {formatNumber(alliance.weekXp)} XP this week
      </Typography>
      <Chip
        size="small"
        label={alliance.open ? 'Open' : 'By application'}
        color={alliance.open ? 'success' : 'default'}
      />
    </Box>
  );
}

/**
 * `/alliances` (docs/screens.md, Alliances): search by the start of a name or tag, open ones
 * first, pages by 'More'; 'Create alliance' opens the founding dialog.
 */
export function AlliancesPage() {
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim(), 300);
  const [cursors, setCursors] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  const first = useSearchAlliancesQuery({ q: query });
  const list = first.data?.alliances ?? [];

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography variant="h1" component="h1">
          Alliances
        </Typography>
        <Button variant="contained" color="secondary" onClick={() => setCreating(true)}>
          Create alliance
        </Button>
      </Stack>
      {first.data?.mine && (
        <Typography>
          Your alliance:{' '}
          <Link
            component={RouterLink}
            to={`/alliances/${first.data.mine.id}`}
            sx={{ fontWeight: 600 }}
          >
            [{first.data.mine.tag}] {first.data.mine.name}
          </Link>
        </Typography>
      )}
      <TextField
        label="Search by name or tag"
        value={q}
        onChange={(e) => {
          setQ(e.target.value);
          setCursors([]);
        }}
        slotProps={{ htmlInput: { maxLength: 30 } }}
      />
      {first.isError && <Alert severity="error">Failed to load the alliances</Alert>}
      {first.isLoading && <Typography role="status">Loading...</Typography>}
      {first.data && list.length === 0 && (
        <Typography color="text.secondary">
          {query
            ? 'No alliance starts with this name or tag.'
            : 'There are no alliances yet. Found the first!'}
        </Typography>
      )}
      <Box component="ul" aria-label="Alliances found" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {list.map((a) => (
          <AllianceItem key={a.id} alliance={a} />
        ))}
        {cursors.map((cursor) => (
          <MorePage key={cursor} q={query} cursor={cursor} />
        ))}
      </Box>
      <MoreButton
        q={query}
        cursors={cursors}
        firstNext={first.data?.next ?? null}
        onMore={(c) => setCursors((l) => [...l, c])}
      />
      <CreateAllianceDialog open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/** A later page of the same search, read by its cursor. */
function MorePage({ q, cursor }: { q: string; cursor: string }) {
  const { data } = useSearchAlliancesQuery({ q, cursor });
  return (
    <>
      {data?.alliances.map((a) => (
        <AllianceItem key={a.id} alliance={a} />
      ))}
    </>
  );
}

/** 'More' reads the page after the last one shown. */
function MoreButton(props: {
  q: string;
  cursors: string[];
  firstNext: string | null;
  onMore(cursor: string): void;
}) {
  const last = props.cursors[props.cursors.length - 1];
  const lastPage = useSearchAlliancesQuery(
    { q: props.q, cursor: last },
    { skip: last === undefined },
  );
  const next = last === undefined ? props.firstNext : (lastPage.data?.next ?? null);
  if (!next) return null;
  return (
    <Box>
      <Button onClick={() => props.onMore(next)}>More</Button>
    </Box>
  );
}
