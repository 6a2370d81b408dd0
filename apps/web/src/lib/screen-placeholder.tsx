import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ScreenPlaceholderProps {
  title: string;
  /** What the finished screen will show. */
  children: ReactNode;
  extra?: ReactNode;
}

/** A heading and a line that says what is coming, for screens not built yet. */
export function ScreenPlaceholder({ title, children, extra }: ScreenPlaceholderProps) {
  return (
    <Stack spacing={2}>
      <Typography variant="h1" component="h1">
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>
      </Paper>
      {extra}
    </Stack>
  );
}
