import { Outlet } from 'react-router';
import Box from '@mui/material/Box';
import { Footer } from './footer';
import { TopBar } from './top-bar';
import { useUnreadCount } from './use-unread-count';
import { useUnreadTitle } from './use-unread-title';

/** The signed-in frame: top bar, the current screen, footer; the unread count in the tab title. */
export function AppLayout() {
  useUnreadTitle(useUnreadCount());
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box
        component="main"
        sx={{
          flex: 1,
          width: '100%',
          maxWidth: 1280,
          mx: 'auto',
          px: { xs: 2, sm: 3 },
          py: { xs: 2, sm: 3 },
        }}
      >
        <Outlet />
      </Box>
      <Footer />
    </Box>
  );
}
