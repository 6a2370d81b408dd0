import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface Detail {
  term: string;
  value: ReactNode;
}

/** Label and value pairs as a description list, one pair a line, values to the right. */
export function DetailList({ details }: { details: readonly Detail[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'minmax(max-content, 1fr) auto',
        columnGap: 2,
        rowGap: 0.75,
        alignItems: 'baseline',
      }}
    >
      {details.map((detail) => (
        <Box key={detail.term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {detail.term}
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, textAlign: 'right', fontWeight: 600, overflowWrap: 'anywhere' }}
          >
            {detail.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
