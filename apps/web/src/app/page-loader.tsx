import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** A small centred spinner: the first-load session check and the first screen download. */
export function PageLoader() {
  return (
    <Box
      role="status"
      aria-label="Loading"
      sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center' }}
    >
      <CircularProgress size={32} color="secondary" aria-hidden />
    </Box>
  );
}
