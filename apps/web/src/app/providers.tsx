import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/system';
import { MissionLauncherProvider } from '../features/missions/mission-launcher-provider';
import type { AppStore } from './store';
import { theme } from './theme';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      {/* The system's provider, as MUI's own does for a theme without CSS variables: MUI's
          would also bring the CSS variables provider into every page. */}
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {/* Any screen can open the one mission launcher; it closes when the session ends. */}
        <MissionLauncherProvider>{children}</MissionLauncherProvider>
      </ThemeProvider>
    </Provider>
  );
}
