import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { AllianceWeek } from '@aleph/contracts';
import { formatNumber } from '../../lib/format-number';

/**
 * The alliance's weekly gold goal (docs/screens.md, Alliance page): a labelled progress bar with
 * its numbers, the reward, and the members who claimed gold towards it, most first.
 */
export function AllianceGoal({ week }: { week: AllianceWeek }) {
  const { target, progress, rewardGold, contributors } = week.goal;
  const percent = target > 0 ? Math.min(100, Math.floor((progress * 100) / target)) : 0;
  const reached = progress >= target;
  const label = `Weekly goal: ${formatNumber(progress)} of ${formatNumber(target)} gold claimed`;
  return (
    <Box component="section" aria-label="Weekly alliance goal">
      <Typography variant="subtitle1" component="h3">
        Weekly goal: claim {formatNumber(target)} gold together
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={label}
        aria-valuetext={`${formatNumber(progress)} of ${formatNumber(target)} gold (${percent}%)`}
        sx={{ height: 10, borderRadius: 1, my: 1 }}
      />
      <Typography variant="body2">
        {formatNumber(progress)} / {formatNumber(target)} gold ({percent}%)
        {reached ? ' · Reached!' : ''}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Each member who contributes gets {formatNumber(rewardGold)} gold when the week closes with
        the goal reached.
      </Typography>
      {contributors.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No contributions yet this week.
        </Typography>
      ) : (
        <Box component="ol" aria-label="Contributors" sx={{ pl: 3, my: 1 }}>
          {contributors.map((c) => (
            <li key={c.profileid}>
              <Typography variant="body2">
                {c.nickname}: {formatNumber(c.gold)} gold
              </Typography>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
