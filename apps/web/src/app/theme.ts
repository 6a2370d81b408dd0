import { createTheme } from '@mui/material/styles';

/** Dark theme (docs/screens.md, Look and feel): light grey primary, orange secondary, dark grey background. */
export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#cfd8dc' },
    secondary: { main: '#ff9800' },
    background: { default: '#2b2b2b', paper: '#363636' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 700 },
    h2: { fontSize: '1.75rem', fontWeight: 600 },
    h3: { fontSize: '1.4rem', fontWeight: 600 },
  },
  components: {
    // The spec writes button and tab texts exactly as they must appear ('LOG IN', 'Register').
    MuiButton: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
  },
});
