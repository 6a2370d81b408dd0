import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { ARENA_CONFIG } from '@aleph/rules';
import { ElementIcon, elementLabel } from '../../lib/element-visuals';

export interface PickableHero {
  heroid: number;
  name: string;
  element: number;
  busy: boolean;
  /** The open Bazaar listing holding the hero: it may not join the defence. */
  listingId?: number | null;
}

interface HeroPickerProps {
  legend: string;
  heroes: readonly PickableHero[];
  selected: readonly number[];
  onChange: (ids: number[]) => void;
  /** Heroes on a mission cannot be picked (an attack needs idle heroes). */
  idleOnly?: boolean;
  /** Listed heroes cannot be added (the defence; one already in it may be taken out). */
  unlistedOnly?: boolean;
}

/** Up to 3 heroes as labelled checkboxes; the rest are disabled once 3 are ticked. */
export function HeroPicker({
  legend,
  heroes,
  selected,
  onChange,
  idleOnly,
  unlistedOnly,
}: HeroPickerProps) {
  const max = ARENA_CONFIG.teamSize;
  const full = selected.length >= max;
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <Stack component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <FormLabel component="legend">{legend}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {heroes.map((hero) => {
          const checked = selected.includes(hero.heroid);
          const listed = hero.listingId !== undefined && hero.listingId !== null;
          const blocked =
            (idleOnly && hero.busy) || (!checked && (full || (unlistedOnly && listed)));
          return (
            <FormControlLabel
              key={hero.heroid}
              control={
                <Checkbox
                  color="secondary"
                  checked={checked}
                  disabled={blocked}
                  onChange={(event) => toggle(hero.heroid, event.target.checked)}
                />
              }
              label={
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <ElementIcon element={hero.element} />
                  <span>
                    {hero.name} ({elementLabel(hero.element)}
                    {hero.busy ? ', on a mission' : ''}
                    {listed ? ', on the Bazaar' : ''})
                  </span>
                </Stack>
              }
            />
          );
        })}
      </FormGroup>
      <FormHelperText>
        {selected.length} of {max} chosen
      </FormHelperText>
    </Stack>
  );
}
