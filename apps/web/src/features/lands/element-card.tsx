import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Land } from '@aleph/contracts';
import { formatDrainPercent, GAME_CONFIG, sealName } from '@aleph/rules';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';
import { formatNumber } from '../../lib/format-number';
import { DetailList } from '../../lib/detail-list';
import { SectionCard } from '../../lib/section-card';
import { SellOnBazaarButton } from '../../lib/sell-on-bazaar-button';
import { useLaunch } from './use-launch';

const MAX_TOWER = GAME_CONFIG.land.towerMaxLevel;
const MAX_SEAL = GAME_CONFIG.vault.maxSeal;
const IMPROVE = GAME_CONFIG.heroGrowth.sealImprovement;

function safeSealName(seals: number): string {
  try {
    return sealName(seals);
  } catch {
    return `Level ${seals}`;
  }
}

interface ElementCardProps {
  land: Land;
  element: number;
  /** The seal Upgrade needs profileLevel3. */
  canUpgradeSeal: boolean;
  /** Seal improvements (IMPROVESEAL) need profileLevel7. */
  canImproveSeal?: boolean;
}

/** One element of the land: its tower and its vault, each with an Upgrade mission. */
export function ElementCard({
  land,
  element,
  canUpgradeSeal,
  canImproveSeal = false,
}: ElementCardProps) {
  const launch = useLaunch();
  const name = elementLabel(element);
  const tower = land.elements[element] ?? 0;
  const seals = land.vault.seals[element] ?? 0;
  const { landid } = land;
  // Whole units only go on the Bazaar (docs/game-rules.md, Bazaar).
  const elementals = Math.floor(land.vault.volume[element] ?? 0);
  const shards = land.shards[element] ?? 0;
  const withSell = (text: string, what: 'elementals' | 'shards', available: number) =>
    available < 1 ? (
      text
    ) : (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
        <span>{text}</span>
        <SellOnBazaarButton
          compact
          target={{
            kind: 'goods',
            landid,
            item: what,
            elemid: element,
            title: `${name} ${what}`,
            available,
          }}
        />
      </Box>
    );
  const steps = land.vault.steps[element] ?? 0;
  // Each step multiplies the seal's drain by 0.85 (docs/game-rules.md, Seal improvements).
  const stepsText = `${steps} / ${IMPROVE.maxSteps}`;
  // The drain shown already includes the steps; the factor says how much they took off.
  const drain = formatDrainPercent(land.vault.drain[element] ?? 0);
  const drainText =
    steps > 0 ? `${drain} (x${(IMPROVE.drainFactor ** steps).toFixed(2)} by improvements)` : drain;
  const improvementValue = () =>
    canImproveSeal && seals >= IMPROVE.minSeal ? (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}>
        <span>{stepsText}</span>
        <Button
          size="small"
          variant="outlined"
          aria-label={`Improve ${name} seal`}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          disabled={steps >= IMPROVE.maxSteps}
          onClick={() => launch({ missionType: 'IMPROVESEAL', landid, elemid: element })}
        >
          Improve
        </Button>
      </Box>
    ) : (
      stepsText
    );
  return (
    <SectionCard title={name} icon={<ElementIcon element={element} fontSize="medium" />}>
      <Box>
        <Typography variant="subtitle2" component="h3">
          Tower
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
          <Typography sx={{ flex: 1 }}>
            Level {tower} / {MAX_TOWER}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            aria-label={`Upgrade ${name} tower`}
            disabled={tower >= MAX_TOWER}
            onClick={() => launch({ missionType: 'UPGRADETOWER', landid, elemid: element })}
          >
            Upgrade
          </Button>
        </Stack>
      </Box>
      <Divider />
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
          Vault
        </Typography>
        <DetailList
          details={[
            {
              term: 'Volume',
              value: withSell(
                `${formatNumber(land.vault.volume[element] ?? 0)} / ${formatNumber(land.vault.cap[element] ?? 0)}`,
                'elementals',
                elementals,
              ),
            },
            {
              term: 'Seal',
              // The seal's Upgrade sits beside the seal's name, so it reads as the seal's.
              value: canUpgradeSeal ? (
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5 }}
                >
                  <span>{safeSealName(seals)}</span>
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={`Upgrade ${name} seal`}
                    disabled={seals >= MAX_SEAL}
                    onClick={() => launch({ missionType: 'UPGRADESEAL', landid, elemid: element })}
                  >
                    Upgrade
                  </Button>
                </Box>
              ) : (
                safeSealName(seals)
              ),
            },
            { term: 'Drain', value: drainText },
            ...(seals >= IMPROVE.minSeal || steps > 0
              ? [{ term: 'Improvements', value: improvementValue() }]
              : []),
            { term: 'Shards', value: withSell(formatNumber(shards), 'shards', shards) },
          ]}
        />
      </Box>
    </SectionCard>
  );
}
