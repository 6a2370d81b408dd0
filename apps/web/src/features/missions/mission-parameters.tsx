import { ELEMENT_NAMES } from '@aleph/rules';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NativeSelectField } from '../../lib/native-select-field';
import { LauncherSection } from './launcher-section';
import { searchHourChoices } from './mission-rules';
import type { MissionForm } from './use-mission-form';

const HOUR_OPTIONS = searchHourChoices().map((hours) => ({
  value: String(hours),
  label: hours === 1 ? '1 hour' : `${hours} hours`,
}));

/**
 * The element, the hours of a search, and the land's current level or seal, which are sent
 * without being asked.
 */
export function MissionParameters({ form }: { form: MissionForm }) {
  const { extras, land, elemid, hours, unsupported } = form;
  if (extras.length === 0) return null;
  const towerLevel = extras.includes('currentLevel');
  const sealLevel = extras.includes('currentSeal');
  const suffix = (index: number) => {
    if (!land) return '';
    if (towerLevel) return ` (tower level ${land.elements[index] ?? 0})`;
    if (sealLevel) return ` (seal level ${land.vault.seals[index] ?? 0})`;
    return '';
  };
  const options = ELEMENT_NAMES.map((name, index) => ({
    value: String(index),
    label: `${name}${suffix(index)}`,
  }));
  const chosen = land !== null && elemid !== null;
  return (
    <LauncherSection title="Extra parameters">
      <Stack spacing={1.5} sx={{ pt: 1 }}>
        {extras.includes('elemid') && (
          <NativeSelectField
            id="mission-element"
            label="Element"
            placeholder="Choose an element"
            value={elemid === null ? '' : String(elemid)}
            options={options}
            onChange={(value) => form.chooseElement(value === '' ? null : Number(value))}
          />
        )}
        {extras.includes('hours') && (
          <NativeSelectField
            id="mission-hours"
            label="Hours"
            value={String(hours)}
            options={HOUR_OPTIONS}
            onChange={(value) => form.chooseHours(Number(value))}
          />
        )}
        {towerLevel && chosen && (
          <Typography variant="body2">Current tower level: {land.elements[elemid] ?? 0}</Typography>
        )}
        {sealLevel && chosen && (
          <Typography variant="body2">
            Current seal level: {land.vault.seals[elemid] ?? 0}
          </Typography>
        )}
        {unsupported.length > 0 && (
          <Alert severity="warning">
            This mission needs parameters the launcher cannot set: {unsupported.join(', ')}.
          </Alert>
        )}
      </Stack>
    </LauncherSection>
  );
}
