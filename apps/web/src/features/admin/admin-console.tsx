import { Link as RouterLink, Navigate, useLocation, useRoutes } from 'react-router';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { httpStatus } from '../../api/error-message';
import { useGetStaffMeQuery } from '../../api/staff-endpoints';
import { ClustersPage } from './clusters-page';
import { PlayerPage } from './player-page';
import { PlayersPage } from './players-page';
import { ReauthProvider, StaffContext } from './reauth';
import { ReportsPage } from './reports-page';
import { StaffLogPage } from './staff-log-page';
import { ToolsPage } from './tools-page';

const SECTIONS = [
  { path: '/admin', label: 'Players' },
  { path: '/admin/reports', label: 'Reports' },
  { path: '/admin/stafflog', label: 'Staff log' },
  { path: '/admin/signals', label: 'Signals' },
  { path: '/admin/tools', label: 'Tools', admin: true },
] as const;

/** The section a path belongs to (a player's page is part of Players), of those shown. */
function sectionOf(pathname: string, shown: readonly { path: string }[]): string {
  const found = shown.slice(1).find((s) => pathname.startsWith(s.path));
  return found?.path ?? '/admin';
}

function ConsoleRoutes({ admin }: { admin: boolean }) {
  return useRoutes([
    { index: true, element: <PlayersPage /> },
    { path: 'players/:id', element: <PlayerPage /> },
    { path: 'reports', element: <ReportsPage /> },
    { path: 'stafflog', element: <StaffLogPage /> },
    { path: 'signals', element: <ClustersPage /> },
    ...(admin ? [{ path: 'tools', element: <ToolsPage /> }] : []),
    { path: '*', element: <Navigate to="/admin" replace /> },
  ]);
}

/**
 * `/admin` (docs/screens.md, Operators' console): shown only to staff, whom `GET /diwan/me`
 * answers. Anyone else is sent to the dashboard, as for any unknown path: the console is not
 * advertised. The server checks the role on every request again.
 */
export function AdminConsole() {
  const { data: me, error, isError } = useGetStaffMeQuery();
  const { pathname } = useLocation();
  const status = httpStatus(error);
  if (status === 404 || status === 403) return <Navigate to="/" replace />;
  if (isError) return <Alert severity="error">Failed to load the console</Alert>;
  if (!me) return <Typography role="status">Loading...</Typography>;
  const admin = me.role === 'admin';
  const shown = SECTIONS.filter((s) => admin || !('admin' in s));
  return (
    <StaffContext.Provider value={me}>
      <ReauthProvider>
        <Stack spacing={2}>
          <Stack
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'baseline', columnGap: 2 }}
          >
            <Typography variant="h1" component="h1">
              Operators&apos; console
            </Typography>
            <Typography color="text.secondary">
              {me.login}, {admin ? 'admin' : 'moderator'}
            </Typography>
          </Stack>
          <nav aria-label="Console">
            <Tabs
              aria-label="Console sections"
              value={sectionOf(pathname, shown)}
              textColor="secondary"
              indicatorColor="secondary"
              variant="scrollable"
              allowScrollButtonsMobile
              sx={{ borderBottom: 1, borderColor: 'divider' }}
            >
              {shown.map((s) => (
                <Tab
                  key={s.path}
                  value={s.path}
                  label={s.label}
                  component={RouterLink}
                  to={s.path}
                  sx={{ minWidth: { xs: 0, sm: 90 }, px: { xs: 1.25, sm: 2 } }}
                />
              ))}
            </Tabs>
          </nav>
          <ConsoleRoutes admin={admin} />
        </Stack>
      </ReauthProvider>
    </StaffContext.Provider>
  );
}
