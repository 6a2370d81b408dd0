import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SignalClusters } from '@aleph/contracts';
import { useGetClustersQuery } from './admin-endpoints';
import { DataTable, type Column } from './data-table';
import { PageTitle } from './page-title';
import { PlayerLink } from './staff-log-table';

type Cluster = SignalClusters['clusters'][number];

const COLUMNS: readonly Column<Cluster>[] = [
  { header: 'Accounts', cell: (c) => c.size },
  {
    header: 'Members',
    wrap: true,
    cell: (c) => (
      <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1.5 }}>
        {c.members.map((m) => (
          <PlayerLink key={m.id} id={m.id} login={m.login} />
        ))}
      </Box>
    ),
  },
  { header: 'Flagged transfers', cell: (c) => c.flagged },
];

/**
 * `/admin/signals`: groups of accounts linked by a shared client address, device or wallet in
 * the last 30 days, the largest first, with how many transfers of value moved inside each.
 */
export function ClustersPage() {
  const { data, isError } = useGetClustersQuery();
  return (
    <Stack spacing={2}>
      <PageTitle
        title="Linked accounts"
        about="Accounts that shared a client address, a device or a wallet in the last 30 days, the largest group first."
      />
      {isError && <Alert severity="error">Failed to load the clusters</Alert>}
      {!data && !isError && <Typography role="status">Loading...</Typography>}
      {data && (
        <DataTable
          label="Linked accounts by group, largest first"
          columns={COLUMNS}
          rows={data.clusters}
          rowKey={(c) => c.members.map((m) => m.id).join('-')}
          empty="No accounts share an address, a device or a wallet."
        />
      )}
    </Stack>
  );
}
