import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { httpStatus } from '../../api/error-message';
import { ScreenTabs, TabPanel, useTabParam } from '../../lib/screen-tabs';
import { SectionCard } from '../../lib/section-card';
import { useGetPlayerQuery } from './admin-endpoints';
import { ROLE_LABELS, shortAddress } from './format';
import { LedgerSection } from './ledger-section';
import { PlayerActions } from './player-actions';
import { AllianceSection } from './player-alliance';
import { BazaarSection } from './player-bazaar';
import { PushSection } from './player-push';
import { PlayerActivity, PlayerOverview, SignalsSection, SignInsSection } from './player-sections';
import { ReportTable } from './report-table';
import { StaffLogTable } from './staff-log-table';
import { StatusChip } from './status-chip';

const TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'ledger', label: 'Ledger' },
  { value: 'activity', label: 'Activity' },
  { value: 'bazaar', label: 'Bazaar' },
  { value: 'signins', label: 'Sign-ins' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'signals', label: 'Signals' },
  { value: 'reports', label: 'Reports' },
  { value: 'staff', label: 'Staff actions' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const TAB_VALUES = TABS.map((t) => t.value);

/** `/admin/players/:id`: one player's file, the actions on them, and what staff did before. */
export function PlayerPage() {
  const raw = useParams().id ?? '';
  const id = Number(raw);
  const valid = Number.isInteger(id) && id > 0;
  const { data, error, isError } = useGetPlayerQuery(id, { skip: !valid });
  const [tab, setTab] = useTabParam<Tab>(TAB_VALUES);
  const [done, setDone] = useState<string>();

  if (!valid || httpStatus(error) === 404 || httpStatus(error) === 400)
    return <Alert severity="warning">No player has the id {raw}.</Alert>;
  if (isError) return <Alert severity="error">Failed to load the player</Alert>;
  if (!data) return <Typography role="status">Loading...</Typography>;
  const { player } = data;
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to="/admin" color="secondary" sx={{ alignSelf: 'flex-start' }}>
        Back to the players
      </Link>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 2,
          rowGap: 1,
        }}
      >
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {player.login}
        </Typography>
        <Typography color="text.secondary">
          {player.nickname} · #{player.id} · level {player.level} · {shortAddress(player.address)}
        </Typography>
        <StatusChip status={player.status} />
        <Chip size="small" label={ROLE_LABELS[player.role]} />
      </Box>
      <SectionCard title="Actions">
        <PlayerActions
          player={player}
          lands={data.lands}
          onDone={(text, result) => setDone(`${text}. Staff log #${result.staffLogId}.`)}
        />
        {done && (
          <Alert severity="success" role="status" onClose={() => setDone(undefined)}>
            {done}
          </Alert>
        )}
      </SectionCard>
      <Box>
        <ScreenTabs
          label={`${player.login}'s file`}
          idPrefix="player"
          tabs={TABS}
          value={tab}
          onChange={setTab}
        />
        <TabPanel idPrefix="player" value={tab}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {tab === 'overview' && (
              <>
                <AllianceSection
                  alliance={data.alliance ?? null}
                  onDone={(text, result) => setDone(`${text}. Staff log #${result.staffLogId}.`)}
                />
                <PlayerOverview detail={data} />
              </>
            )}
            {tab === 'ledger' && (
              <SectionCard title="Ledger">
                <LedgerSection id={player.id} />
              </SectionCard>
            )}
            {tab === 'activity' && <PlayerActivity detail={data} />}
            {tab === 'bazaar' && (
              <BazaarSection
                playerId={player.id}
                onDone={(text, result) => setDone(`${text}. Staff log #${result.staffLogId}.`)}
              />
            )}
            {tab === 'signins' && <SignInsSection id={player.id} />}
            {tab === 'notifications' && (
              <PushSection
                playerId={player.id}
                push={data.push}
                onDone={(text, result) => setDone(`${text}. Staff log #${result.staffLogId}.`)}
              />
            )}
            {tab === 'signals' && <SignalsSection id={player.id} login={player.login} />}
            {tab === 'reports' && (
              <>
                <SectionCard title={`Reports received (${data.reportsReceived.length})`}>
                  <ReportTable
                    label="Reports received"
                    reports={data.reportsReceived}
                    side="reporter"
                  />
                </SectionCard>
                <SectionCard title={`Reports made (${data.reportsMade.length})`}>
                  <ReportTable label="Reports made" reports={data.reportsMade} side="target" />
                </SectionCard>
              </>
            )}
            {tab === 'staff' && (
              <SectionCard title="Staff actions on this player">
                <StaffLogTable label="Staff actions" entries={data.staffActions} />
              </SectionCard>
            )}
          </Stack>
        </TabPanel>
      </Box>
    </Stack>
  );
}
