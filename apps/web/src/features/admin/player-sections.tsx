import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PlayerDetail, PlayerSignals, SignInList } from '@aleph/contracts';
import { CONTINENT_NAMES, MISSION_TYPES, RARITY_NAMES, type MissionType } from '@aleph/rules';
import { DetailList } from '../../lib/detail-list';
import { elementLabel } from '../../lib/element-visuals';
import { formatNumber } from '../../lib/format-number';
import { landLabel } from '../../lib/land-label';
import { SectionCard } from '../../lib/section-card';
import { useGetSignalsQuery, useGetSignInsQuery } from './admin-endpoints';
import { DataTable, type Column } from './data-table';
import { ROLE_LABELS, statusText, when } from './format';
import { useStaff } from './reauth';
import { PlayerLink } from './staff-log-table';
import { StatusChip } from './status-chip';

type Detail = PlayerDetail;
type Land = Detail['lands'][number];
type Hero = Detail['heroes'][number];
type Mission = Detail['missions'][number];
type Purchase = Detail['purchases'][number];
type Session = Detail['sessions'][number];
type SignIn = SignInList['signIns'][number];
type Linked = PlayerSignals['linked'][number];
type Flagged = PlayerSignals['flagged'][number];

const missionName = (type: string) => MISSION_TYPES[type as MissionType]?.missionName ?? type;

const LAND_COLUMNS: readonly Column<Land>[] = [
  { header: 'Land', cell: (l) => landLabel({ landid: l.id, name: l.name }) },
  { header: 'ID', cell: (l) => l.id },
  { header: 'Continent', cell: (l) => CONTINENT_NAMES[l.continent] ?? l.continent },
  { header: 'Coordinates', cell: (l) => `${l.x}, ${l.y}` },
  { header: 'Element', cell: (l) => elementLabel(l.element) },
];

const HERO_COLUMNS: readonly Column<Hero>[] = [
  { header: 'Hero', cell: (h) => h.name },
  { header: 'ID', cell: (h) => h.id },
  { header: 'Rarity', cell: (h) => RARITY_NAMES[h.rarity] ?? h.rarity },
  { header: 'Element', cell: (h) => elementLabel(h.element) },
  { header: 'Level', cell: (h) => h.level },
  { header: 'Home', cell: (h) => (h.residenceId === null ? 'None' : `Land #${h.residenceId}`) },
];

/** Account, standing, treasury, lands and heroes. */
export function PlayerOverview({ detail }: { detail: Detail }) {
  const { player } = detail;
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      <SectionCard title="Account">
        <DetailList
          details={[
            { term: 'ID', value: player.id },
            { term: 'Login', value: player.login },
            { term: 'Nickname', value: player.nickname },
            {
              term: 'E-mail',
              value:
                player.emailVerified === undefined
                  ? player.email
                  : `${player.email} (${player.emailVerified ? 'verified' : 'not verified'})`,
            },
            { term: 'Wallet', value: player.address },
            { term: 'Role', value: ROLE_LABELS[player.role] },
            { term: 'Two-factor', value: player.twoFactor ? 'On' : 'Off' },
            { term: 'Joined', value: when(player.createdAt) },
          ]}
        />
      </SectionCard>
      <SectionCard title="Standing and treasury">
        <StatusChip status={player.status} />
        <DetailList
          details={[
            { term: 'Status', value: statusText(player.status) },
            {
              term: 'Muted until',
              value: player.status.mutedUntil ? when(player.status.mutedUntil) : 'Not muted',
            },
            { term: 'Level', value: player.level },
            { term: 'XP', value: formatNumber(player.xp) },
            { term: 'Gold', value: formatNumber(player.gold) },
            { term: 'Platinum', value: formatNumber(player.platinum) },
          ]}
        />
      </SectionCard>
      <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <SectionCard title={`Lands (${detail.lands.length})`}>
          <DataTable
            label="Lands"
            columns={LAND_COLUMNS}
            rows={detail.lands}
            rowKey={(l) => l.id}
            empty="No lands."
          />
        </SectionCard>
      </Box>
      <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <SectionCard title={`Heroes (${detail.heroes.length})`}>
          <DataTable
            label="Heroes"
            columns={HERO_COLUMNS}
            rows={detail.heroes}
            rowKey={(h) => h.id}
            empty="No heroes."
          />
        </SectionCard>
      </Box>
    </Box>
  );
}

const MISSION_COLUMNS: readonly Column<Mission>[] = [
  { header: 'Started', cell: (m) => when(m.startedAt) },
  { header: 'Mission', cell: (m) => missionName(m.type) },
  { header: 'Hero', cell: (m) => `#${m.heroId}` },
  { header: 'Land', cell: (m) => `#${m.landId}` },
  { header: 'Ends', cell: (m) => when(m.eta) },
  { header: 'Status', cell: (m) => m.status },
];

const PURCHASE_COLUMNS: readonly Column<Purchase>[] = [
  { header: 'Date', cell: (p) => when(p.createdAt) },
  { header: 'Kind', cell: (p) => p.kind },
  { header: 'Package', cell: (p) => p.packageId ?? '—' },
  { header: 'Platinum', cell: (p) => formatNumber(p.platinum) },
  { header: 'Gold', cell: (p) => formatNumber(p.gold) },
  { header: 'Status', cell: (p) => p.status },
];

const SESSION_COLUMNS: readonly Column<Session>[] = [
  { header: 'Opened', cell: (s) => when(s.createdAt) },
  { header: 'Last seen', cell: (s) => when(s.lastSeenAt) },
  {
    header: 'Ended',
    cell: (s) =>
      s.revokedAt
        ? `${when(s.revokedAt)}${s.revokedReason ? ` (${s.revokedReason})` : ''}`
        : 'Open',
  },
  { header: 'Browser', cell: (s) => s.userAgent ?? '—', wrap: true },
];

/** The 20 latest missions, purchases and sessions. */
export function PlayerActivity({ detail }: { detail: Detail }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <SectionCard title="Missions (latest 20)">
        <DataTable
          label="Missions"
          columns={MISSION_COLUMNS}
          rows={detail.missions}
          rowKey={(m) => m.id}
          empty="No missions."
        />
      </SectionCard>
      <SectionCard title="Purchases">
        <DataTable
          label="Purchases"
          columns={PURCHASE_COLUMNS}
          rows={detail.purchases}
          rowKey={(p) => p.id}
          empty="No purchases."
        />
      </SectionCard>
      <SectionCard title="Sessions">
        <DataTable
          label="Sessions"
          columns={SESSION_COLUMNS}
          rows={detail.sessions}
          rowKey={(s) => s.id}
          empty="No sessions."
        />
      </SectionCard>
    </Box>
  );
}

/** The last 50 sign-ins; the raw client address only for admins (the server sends null else). */
export function SignInsSection({ id }: { id: number }) {
  const admin = useStaff().role === 'admin';
  const { data, isError } = useGetSignInsQuery(id);
  const columns: Column<SignIn>[] = [
    { header: 'Time', cell: (s) => when(s.at) },
    {
      header: 'Client address',
      cell: (s) => s.clientAddress ?? (admin ? 'Expired (30 days)' : 'Admins only'),
    },
    { header: 'Address tag', cell: (s) => s.addressTag },
    { header: 'Device tag', cell: (s) => s.deviceTag ?? '—' },
    { header: 'Browser', cell: (s) => s.userAgent ?? '—', wrap: true },
  ];
  return (
    <SectionCard title="Sign-ins (latest 50)">
      {isError && <Alert severity="error">Failed to load the sign-ins</Alert>}
      {!data && !isError && <Typography role="status">Loading...</Typography>}
      {data && (
        <DataTable
          label="Sign-ins"
          columns={columns}
          rows={data.signIns}
          rowKey={(s) => `${s.at}-${s.addressTag}-${s.deviceTag ?? ''}`}
          empty="No sign-ins."
        />
      )}
    </SectionCard>
  );
}

const VIA: Record<Linked['via'][number], string> = {
  address: 'Same address',
  device: 'Same device',
  wallet: 'Same wallet',
};

const LINKED_COLUMNS: readonly Column<Linked>[] = [
  { header: 'Account', cell: (a) => <PlayerLink id={a.id} login={a.login} /> },
  { header: 'Linked by', cell: (a) => a.via.map((v) => VIA[v]).join(', ') },
  { header: 'Last seen', cell: (a) => when(a.lastSeen) },
  { header: 'Status', cell: (a) => statusText(a.status) },
];

/**
 * Other accounts seen with this one in the last 30 days (a shared client address, device or
 * wallet), and value moved between them (arena battles, Bazaar sales), which may be one person feeding
 * another.
 */
export function SignalsSection({ id, login }: { id: number; login: string }) {
  const { data, isError } = useGetSignalsQuery(id);
  const name = (who: number) =>
    who === id ? login : (data?.linked.find((a) => a.id === who)?.login ?? `#${who}`);
  const flaggedColumns: Column<Flagged>[] = [
    { header: 'Time', cell: (f) => when(f.at) },
    {
      header: 'What',
      cell: (f) => (f.kind === 'bazaar' ? `Bazaar sale #${f.id}` : `Arena battle #${f.id}`),
    },
    { header: 'From', cell: (f) => <PlayerLink id={f.fromId} login={name(f.fromId)} /> },
    { header: 'To', cell: (f) => <PlayerLink id={f.toId} login={name(f.toId)} /> },
    {
      header: 'Amount',
      cell: (f) =>
        f.kind === 'bazaar'
          ? `${formatNumber(f.amount)} (price)`
          : `${formatNumber(f.amount)} rating`,
    },
  ];
  return (
    <>
      <SectionCard title="Linked accounts (last 30 days)">
        {isError && <Alert severity="error">Failed to load the signals</Alert>}
        {!data && !isError && <Typography role="status">Loading...</Typography>}
        {data && (
          <DataTable
            label="Linked accounts"
            columns={LINKED_COLUMNS}
            rows={data.linked}
            rowKey={(a) => a.id}
            empty="No other account shares an address, a device or a wallet with this one."
          />
        )}
      </SectionCard>
      <SectionCard title="Flagged transfers">
        {data && (
          <DataTable
            label="Flagged transfers"
            columns={flaggedColumns}
            rows={data.flagged}
            rowKey={(f) => `${f.kind}-${f.id}`}
            empty="No value moved between linked accounts."
          />
        )}
      </SectionCard>
    </>
  );
}
