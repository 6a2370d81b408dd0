import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong while showing this page.';
}

/** The generic fallback page (docs/screens.md). */
export function RouteError({ error }: { error: unknown }) {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: { xs: 3, sm: 4 }, maxWidth: 560, width: '100%' }}>
        <Stack spacing={2}>
          <Typography variant="h1" component="h1" sx={{ fontSize: '1.6rem' }}>
            Unexpected Application Error!
          </Typography>
          <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {describe(error)}
          </Typography>
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => window.location.reload()}>
              Reload
            </Button>
            <Button variant="outlined" href="/" nativeButton={false}>
              Go to start
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </Box>
  );
}

interface State {
  error: unknown;
}

/**
 * Catches what a screen throws while rendering, including a screen's chunk that fails to
 * download, and shows the fallback page instead of a blank one.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
