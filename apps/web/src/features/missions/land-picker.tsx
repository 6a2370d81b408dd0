import type { Land } from '@aleph/contracts';
import Alert from '@mui/material/Alert';
import { landLabel } from '../../lib/land-label';
import { NativeSelectField } from '../../lib/native-select-field';
import type { MissionForm } from './use-mission-form';

/** 'Land #2', or 'Green Vale (Land #1)' for a named land. */
function optionLabel(land: Land): string {
  const name = landLabel(land);
  const number = `Land #${land.landid}`;
  return name === number ? number : `${name} (${number})`;
}

interface LandPickerProps {
  form: MissionForm;
  lands: readonly Land[] | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** The player's lands; choosing another one clears the hero. */
export function LandPicker({ form, lands, isLoading, isError }: LandPickerProps) {
  if (isError) return <Alert severity="error">Failed to load lands</Alert>;
  const options = [...(lands ?? [])]
    .sort((a, b) => a.landid - b.landid)
    .map((land) => ({ value: String(land.landid), label: optionLabel(land) }));
  return (
    <NativeSelectField
      id="mission-land"
      label="Land"
      placeholder={isLoading ? 'Loading lands...' : 'Choose a land'}
      value={form.land ? String(form.land.landid) : ''}
      options={options}
      disabled={isLoading}
      onChange={(value) => form.chooseLand(value === '' ? null : Number(value))}
    />
  );
}
