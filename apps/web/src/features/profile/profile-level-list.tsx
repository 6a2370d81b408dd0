import { useId } from 'react';
import type { ProfileLevel } from '@aleph/rules';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** 'Level 1, required 19412 XP': the designed heading, with the XP in plain digits. */
export const levelHeading = (row: ProfileLevel) => `Level ${row.level}, required ${row.xp} XP`;

/**
 * Levels 1 to 10 as an accordion, each listing the features it unlocks. The next level to
 * reach starts open; reached levels carry a check mark (the text above names the level).
 */
export function ProfileLevelList({
  current,
  levels,
}: {
  current: number;
  levels: readonly ProfileLevel[];
}) {
  const idPrefix = useId();
  return (
    <Box>
      {levels.map((row) => (
        <Accordion
          key={row.level}
          disableGutters
          defaultExpanded={row.level === current + 1}
          variant="outlined"
        >
          <AccordionSummary
            expandIcon={<ExpandMore />}
            id={`${idPrefix}-${row.level}-header`}
            aria-controls={`${idPrefix}-${row.level}-content`}
          >
            <Typography
              component="span"
              sx={{
                fontWeight: row.level === current + 1 ? 700 : 400,
                color: row.level <= current ? 'secondary.main' : 'text.primary',
              }}
            >
              {levelHeading(row)}
            </Typography>
            {row.level <= current && (
              <CheckCircle
                aria-hidden
                fontSize="small"
                sx={{ color: 'secondary.main', ml: 1, alignSelf: 'center' }}
              />
            )}
          </AccordionSummary>
          <AccordionDetails sx={{ pt: 0 }}>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {row.features.map((feature) => (
                <Typography component="li" variant="body2" key={feature}>
                  {feature}
                </Typography>
              ))}
            </Box>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
