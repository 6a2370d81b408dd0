import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Emblem } from './emblem';
import { NavButtons } from './nav-buttons';
import { ProfileIndicators } from './profile-indicators';

/**
 * Logo, indicators and icon buttons in one row from 900 px. Below that the indicators take
 * the first row on their own, and the emblem (the logo without its name) leads the row of
 * icon buttons: a veteran's four pills then fit a 390 px phone without widening the page.
 */
export function TopBar() {
  return (
    <AppBar
      position="sticky"
      elevation={0}
      sx={{ bgcolor: '#1f1f1f', borderBottom: 1, borderColor: 'divider', color: 'text.primary' }}
    >
      <Toolbar
        sx={{
          flexWrap: { xs: 'wrap', md: 'nowrap' },
          columnGap: { xs: 1, md: 2 },
          rowGap: 0.5,
          py: { xs: 1, md: 0 },
          px: { xs: 1.5, sm: 3 },
        }}
      >
        <Box
          component={RouterLink}
          to="/"
          aria-label="Lands of Aleph"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'inherit',
            textDecoration: 'none',
            flexShrink: 0,
            order: { xs: 2, md: 0 },
          }}
        >
          <Emblem sx={{ fontSize: 32 }} />
          <Typography
            component="span"
            sx={{ fontWeight: 700, fontSize: '1.1rem', display: { xs: 'none', lg: 'inline' } }}
          >
            Lands of Aleph
          </Typography>
        </Box>
        <Box
          sx={{
            flex: { xs: '1 0 100%', md: 1 },
            order: { xs: 1, md: 0 },
            display: 'flex',
            justifyContent: 'center',
            minWidth: 0,
          }}
        >
          <ProfileIndicators />
        </Box>
        <NavButtons />
      </Toolbar>
    </AppBar>
  );
}
