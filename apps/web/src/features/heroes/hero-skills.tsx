import { SKILL_NAMES } from '@aleph/rules';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

/** Skills run from 1 to 100. */
const SKILL_MAX = 100;

/** Where a skill's value comes from: base + upskills (+ a pot while it works). */
export interface SkillParts {
  base: readonly number[];
  upskills: readonly number[];
  potSkill: number | null;
}

function partsText(parts: SkillParts, index: number, boost: number): string | null {
  const up = parts.upskills[index] ?? 0;
  const pot = parts.potSkill === index ? boost : 0;
  if (up === 0 && pot === 0) return null;
  return [parts.base[index] ?? 0, up, ...(pot > 0 ? [`${pot} pot`] : [])].join(' + ');
}

/**
 * The eight skills in the order of docs/screens.md, each with a bar; with `parts`, the base
 * and upskills behind each value (docs/game-rules.md: capped at 100).
 */
export function HeroSkills({
  skills,
  parts,
  potBoost = 0,
}: {
  skills: readonly number[];
  parts?: SkillParts;
  potBoost?: number;
}) {
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
            {parts && partsText(parts, index, potBoost) && (
              <Typography
                variant="caption"
                sx={{ gridColumn: '2 / 4', color: 'text.secondary', mt: -0.75 }}
              >
                {partsText(parts, index, potBoost)}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
