import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface WidgetCardProps {
  title: string;
  icon?: ReactNode;
  children: ReactNode;
  /** Columns the card spans in the dashboard grid from the `md` breakpoint on. */
  span?: 1 | 2 | 3;
}

/** One STAT widget: a titled card that is also a labelled region for screen readers. */
export function WidgetCard({ title, icon, children, span = 1 }: WidgetCardProps) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 2, sm: 2.5 },
        minWidth: 0,
        gridColumn: { xs: 'auto', md: `span ${Math.min(span, 2)}`, lg: `span ${span}` },
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
        {icon}
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
      </Stack>
      {children}
    </Paper>
  );
}

/** A widget's empty or error line, in the words of docs/screens.md. */
export function WidgetNote({ children }: { children: ReactNode }) {
  return <Typography sx={{ color: 'text.secondary' }}>{children}</Typography>;
}
