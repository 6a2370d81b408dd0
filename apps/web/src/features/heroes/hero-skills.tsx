import { SKILL_NAMES } from '@aleph/rules';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** Skills run from 1 to 100. */
const SKILL_MAX = 100;

/** The eight skills in the order of docs/screens.md, each with a bar. */
export function HeroSkills({ skills }: { skills: readonly number[] }) {
  return (
    <Box
      component="ul"
      aria-label="Skills"
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.25 }}
    >
      {SKILL_NAMES.map((name, index) => {
        const value = skills[index] ?? 0;
        const id = `skill-${index}`;
        return (
          <Box
            component="li"
            key={name}
            sx={{
              display: 'grid',
              gridTemplateColumns: '7.5rem 1fr 2.5rem',
              alignItems: 'center',
              gap: 1.5,
            }}
          >
            <Typography id={id} variant="body2">
              {name}
            </Typography>
            <LinearProgress
              variant="determinate"
              color="secondary"
              value={Math.min(100, (value / SKILL_MAX) * 100)}
              aria-labelledby={id}
              aria-valuetext={`${value} of ${SKILL_MAX}`}
              sx={{ height: 8, borderRadius: 4 }}
            />
            <Typography variant="body2" sx={{ textAlign: 'right', fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
