import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export interface RevealFact {
  term: string;
  value: ReactNode;
}

/** The facts of a minted land or hero as a description list. */
export function RevealFacts({ facts }: { facts: readonly RevealFact[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.75,
        alignItems: 'center',
      }}
    >
      {facts.map((fact) => (
        <Box key={fact.term} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {fact.term}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 600 }}>
            {fact.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** An element's icon and name side by side. */
export function Inline({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {children}
    </Box>
  );
}
