import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ArenaBattle, ArenaFighter } from '@aleph/contracts';
import { ElementIcon } from '../../lib/element-visuals';
import { hpAfter, resultText, turnText } from './battle-text';

/** Milliseconds between two turns of the animated replay. */
const TURN_MS = 450;

function FighterBar({ fighter, hp }: { fighter: ArenaFighter; hp: number }) {
  const percent = fighter.maxHp > 0 ? (hp / fighter.maxHp) * 100 : 0;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        <ElementIcon element={fighter.element} />
        <Typography variant="body2" noWrap sx={{ flex: 1 }}>
          {fighter.name}
        </Typography>
        <Typography variant="caption">
          {Math.round(hp)} / {fighter.maxHp}
        </Typography>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent > 30 ? 'success' : 'error'}
        aria-label={`${fighter.name} HP`}
        sx={{ height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}

/**
 * The battle turn by turn (docs/screens.md, Arena): HP bars fall as the log plays, one turn
 * every TURN_MS; "Skip" shows the end at once, and with reduced motion there is no animation.
 */
export function BattleReplay({ battle }: { battle: ArenaBattle }) {
  const reduced = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const total = battle.turns.length;
  // With reduced motion the end shows at once; a new battle mounts a new replay (keyed by id).
  const [step, setShown] = useState(0);
  const shown = reduced ? total : step;
  useEffect(() => {
    if (shown >= total) return undefined;
    const timer = window.setTimeout(() => setShown((n) => Math.min(total, n + 1)), TURN_MS);
    return () => window.clearTimeout(timer);
  }, [shown, total]);

  const hp = hpAfter(battle, shown);
  const done = shown >= total;
  const side = (s: ArenaFighter['side']) => battle.fighters.filter((f) => f.side === s);
  const team = (title: string, fighters: ArenaFighter[]) => (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {fighters.map((f) => (
        <FighterBar key={f.index} fighter={f} hp={hp[f.index] ?? 0} />
      ))}
    </Stack>
  );
  const recent = battle.turns.slice(0, shown).slice(-6).reverse();
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        {team(`${battle.attacker.nickname} (attacker)`, side('attacker'))}
        {team(`${battle.defender.nickname} (defender)`, side('defender'))}
      </Box>
      <Typography variant="body2" color="text.secondary">
        Turn {shown} of {total}
        {battle.capped ? ' (turn limit: the larger share of HP left wins)' : ''}
      </Typography>
      <Box component="ol" aria-label="Battle log" sx={{ m: 0, pl: 2.5, minHeight: 24 }}>
        {recent.map((turn) => (
          <li key={turn.turn} value={turn.turn}>
            <Typography variant="body2">{turnText(turn, battle.fighters)}</Typography>
          </li>
        ))}
      </Box>
      {done ? (
        <Alert severity={battle.youWon ? 'success' : 'warning'} role="status">
          {resultText(battle)}
        </Alert>
      ) : (
        <Button
          variant="outlined"
          color="secondary"
          onClick={() => setShown(total)}
          sx={{ alignSelf: 'flex-start' }}
        >
          Skip
        </Button>
      )}
    </Stack>
  );
}
