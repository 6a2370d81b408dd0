import Stack from '@mui/material/Stack';
import Diamond from '@mui/icons-material/Diamond';
import MonetizationOn from '@mui/icons-material/MonetizationOn';
import WorkspacePremium from '@mui/icons-material/WorkspacePremium';
import { useProfileSummary } from '../../api/profile-endpoints';
import { Amount, Indicator, WideOnly } from './indicator';
import { LevelIndicator } from './level-indicator';

/** VIP, profile level, gold and platinum from the polled profile summary (docs/screens.md). */
export function ProfileIndicators() {
  const { data } = useProfileSummary();
  const vip = data?.vip;
  const level = data?.level;

  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={{ xs: 0.5, sm: 1 }}
      // A last resort: were the pills ever wider than the screen, they wrap, never the page.
      sx={{ alignItems: 'center', justifyContent: 'center', flexWrap: 'wrap', minWidth: 0 }}
    >
      <Indicator
        label={vip ? `VIP level ${vip.vipLevel}, ${vip.vipPoints} points` : 'VIP level'}
        icon={<WorkspacePremium sx={{ color: 'secondary.main' }} />}
      >
        <span aria-hidden="true">
          <WideOnly>VIP </WideOnly>
          {vip?.vipLevel ?? '—'} · <Amount value={vip?.vipPoints} />
          <WideOnly> pts</WideOnly>
        </span>
      </Indicator>
      <LevelIndicator level={level} />
      <Indicator label="Gold" icon={<MonetizationOn sx={{ color: '#ffc107' }} />}>
        <Amount value={data?.treasury.gold} />
      </Indicator>
      <Indicator label="Platinum" icon={<Diamond sx={{ color: '#b3e5fc' }} />}>
        <Amount value={data?.treasury.platinum} />
      </Indicator>
    </Stack>
  );
}
