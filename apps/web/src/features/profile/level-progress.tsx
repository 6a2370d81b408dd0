import { levelRequirement, nextLevelXp } from '@aleph/rules';
import type { ProfileSummary } from '@aleph/contracts';
import LinearProgress from '@mui/material/LinearProgress';
import { DetailList } from '../../lib/detail-list';
import { formatNumber } from '../../lib/format-number';

/** How far the XP is from the previous level's requirement towards the next one's. */
function share(level: number, xp: number, needed: number): number {
  const from = levelRequirement(level) ?? 0;
  if (needed <= from) return 100;
  return Math.min(100, Math.max(0, ((xp - from) / (needed - from)) * 100));
}

/** Level, XP, the next level's requirement and what is still missing, with a progress bar. */
export function LevelProgress({ level }: { level: ProfileSummary['level'] }) {
  const needed = nextLevelXp(level.level);
  const xp = level.profilePoints;
  return (
    <>
      <DetailList
        details={[
          { term: 'Level', value: level.level },
          { term: 'XP', value: formatNumber(xp) },
          {
            term: 'Next level',
            value: needed === null ? 'Top level reached' : `${formatNumber(needed)} XP`,
          },
          {
            term: 'XP to the next level',
            value: needed === null ? '—' : formatNumber(Math.max(0, needed - xp)),
          },
        ]}
      />
      {needed !== null && (
        <LinearProgress
          variant="determinate"
          color="secondary"
          value={share(level.level, xp, needed)}
          aria-label={`Progress to level ${level.level + 1}`}
          aria-valuetext={`${formatNumber(xp)} of ${formatNumber(needed)} XP`}
          sx={{ height: 8, borderRadius: 4 }}
        />
      )}
    </>
  );
}
