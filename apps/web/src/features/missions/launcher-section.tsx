import { useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** A titled part of the launcher dialog (briefing, extra parameters, summary). */
export function LauncherSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id}>
      <Typography
        id={id}
        component="h3"
        variant="overline"
        sx={{ display: 'block', color: 'text.secondary', lineHeight: 2 }}
      >
        {title}
      </Typography>
      {children}
    </Box>
  );
}
