import { useState, type FormEvent } from 'react';
import type { Hero } from '@aleph/contracts';
import { GAME_CONFIG, SKILL_NAMES } from '@aleph/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useGetLandBalancesQuery } from '../../api/game-endpoints';
import { useUseSkillPotMutation } from './hero-endpoints';
import { serverMessage } from '../../api/error-message';
import { Countdown } from '../../lib/countdown';
import { NativeSelectField } from '../../lib/native-select-field';
import { useEtaFormatter } from '../../lib/use-eta';

const POT = GAME_CONFIG.heroGrowth.pot;
const SKILL_OPTIONS = SKILL_NAMES.map((name, index) => ({ value: String(index), label: name }));

/** The pot working on the hero: its skill, its end and the time left. */
function ActivePot({ pot }: { pot: NonNullable<Hero['pot']> }) {
  const formatEta = useEtaFormatter();
  return (
    <Typography>
      Skill Pot:{' '}
      <strong>
        +{POT.boost} {SKILL_NAMES[pot.skill] ?? `#${pot.skill}`}
      </strong>{' '}
      until {formatEta(pot.until)} <Countdown eta={pot.until} />
    </Typography>
  );
}

/** A Skill Pot from the residence's inventory: +15 to one skill for 24 hours. */
export function PotForm({ hero }: { hero: Hero }) {
  const landid = hero.residenceid;
  const balances = useGetLandBalancesQuery(landid ?? 0, { skip: landid === null });
  const [skill, setSkill] = useState('0');
  const [applyPot, state] = useUseSkillPotMutation();
  if (hero.pot) return <ActivePot pot={hero.pot} />;
  if (landid === null) {
    return (
      <Typography color="text.secondary">
        A pot is used where the hero lives; this hero has no residence.
      </Typography>
    );
  }
  const pots = balances.data?.find((item) => item.item_code === POT.itemCode)?.balance ?? 0;
  if (!balances.data) return null;
  if (pots < 1) {
    return (
      <Typography color="text.secondary">
        No Skill Pot in the inventory of Land #{landid}.
      </Typography>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await applyPot({ heroid: hero.heroid, landid, skill: Number(skill) });
  };
  return (
    <Box
      component="form"
      aria-label="Use a Skill Pot"
      onSubmit={submit}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Typography>
        {pots} Skill {pots === 1 ? 'Pot' : 'Pots'} in Land #{landid}: +{POT.boost} to one skill for{' '}
        {POT.hours} hours.
      </Typography>
      <Box sx={{ maxWidth: '16rem' }}>
        <NativeSelectField
          id={`pot-skill-${hero.heroid}`}
          label="Skill to boost"
          size="small"
          value={skill}
          options={SKILL_OPTIONS}
          onChange={setSkill}
        />
      </Box>
      {state.isError && (
        <Alert severity="error">{serverMessage(state.error) ?? 'The pot could not be used.'}</Alert>
      )}
      <Button
        type="submit"
        variant="outlined"
        color="secondary"
        disabled={state.isLoading}
        sx={{ justifySelf: 'start' }}
      >
        Use Skill Pot
      </Button>
    </Box>
  );
}
