import { useState, type FormEvent } from 'react';
import type { Hero } from '@aleph/contracts';
import { SKILL_NAMES, spendUpskills, type Skills } from '@aleph/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSpendUpskillsMutation } from './hero-endpoints';
import { serverMessage } from '../../api/error-message';

const NONE = SKILL_NAMES.map(() => '');

/** What the typed allocation adds, or a message when the rules refuse it. */
function judge(hero: Hero, typed: readonly string[]): { spend: number[]; error: string | null } {
  const spend = typed.map((text) => (text.trim() === '' ? 0 : Number(text)));
  const growth = {
    level: hero.level,
    base: hero.baseSkills as unknown as Skills,
    upskills: hero.upskills as unknown as Skills,
  };
  const result = spendUpskills(growth, spend);
  return { spend, error: Array.isArray(result) ? null : (result as { message: string }).message };
}

/** Upskill points into skills: a number per skill, judged by the same rules as the server. */
export function UpskillForm({ hero }: { hero: Hero }) {
  const [typed, setTyped] = useState<string[]>(NONE);
  const [spendUpskillsOn, state] = useSpendUpskillsMutation();
  const { spend, error } = judge(hero, typed);
  const total = spend.reduce((sum, v) => sum + (Number.isFinite(v) ? v : 0), 0);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (error || total === 0) return;
    const done = await spendUpskillsOn({ heroid: hero.heroid, skills: spend });
    if (!('error' in done)) setTyped(NONE);
  };
  return (
    <Box component="form" aria-label="Spend upskill points" onSubmit={submit} noValidate>
      <Typography sx={{ mb: 1.5 }}>
        Points left: <strong>{hero.pointsLeft}</strong>
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: 'repeat(auto-fill, minmax(9rem, 1fr))',
        }}
      >
        {SKILL_NAMES.map((name, index) => (
          <TextField
            key={name}
            id={`upskill-${index}`}
            label={name}
            type="number"
            size="small"
            value={typed[index]}
            onChange={(event) =>
              setTyped((before) => before.map((v, i) => (i === index ? event.target.value : v)))
            }
            slotProps={{ htmlInput: { min: 0, max: 100, step: 1, inputMode: 'numeric' } }}
          />
        ))}
      </Box>
      {error && total > 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {error}
        </Alert>
      )}
      {state.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {serverMessage(state.error) ?? 'The points could not be spent.'}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        sx={{ mt: 1.5 }}
        disabled={error !== null || total === 0 || state.isLoading}
      >
        Spend {total} {total === 1 ? 'point' : 'points'}
      </Button>
    </Box>
  );
}
