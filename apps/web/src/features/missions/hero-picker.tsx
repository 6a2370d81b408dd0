import type { Hero } from '@aleph/contracts';
import { ELEMENT_NAMES, RARITY_NAMES } from '@aleph/rules';
import Alert from '@mui/material/Alert';
import { NativeSelectField } from '../../lib/native-select-field';
import type { MissionForm } from './use-mission-form';

export const NO_HEROES_TEXT = 'No heroes match the criteria.';

const heroLabel = (hero: Hero) =>
  `${hero.name} (#${hero.heroid}) · ${RARITY_NAMES[hero.rarity] ?? ''} ${ELEMENT_NAMES[hero.element] ?? ''}`.trim();

interface HeroPickerProps {
  form: MissionForm;
  /** From the requirements; undefined while they load. */
  resident: boolean | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** docs/screens.md (Mission launcher): free heroes that may go on this mission from the chosen land. */
export function HeroPicker({ form, resident, isLoading, isError }: HeroPickerProps) {
  if (isError) return <Alert severity="error">Failed to load heroes</Alert>;
  const ready = form.land !== null && resident !== undefined && !isLoading;
  const empty = ready && form.candidates.length === 0;
  let helper: string;
  if (!form.land) helper = 'Choose a land first.';
  else if (!ready) helper = 'Loading heroes...';
  else if (empty) helper = NO_HEROES_TEXT;
  else if (resident) helper = 'Free heroes living on this land.';
  else helper = 'Free heroes with no residence or living on another land.';
  return (
    <NativeSelectField
      id="mission-hero"
      label="Hero"
      placeholder={empty ? 'No hero available' : 'Choose a hero'}
      value={form.hero ? String(form.hero.heroid) : ''}
      options={form.candidates.map((hero) => ({
        value: String(hero.heroid),
        label: heroLabel(hero),
      }))}
      disabled={!ready || empty}
      helperText={helper}
      onChange={(value) => form.chooseHero(value === '' ? null : Number(value))}
    />
  );
}
