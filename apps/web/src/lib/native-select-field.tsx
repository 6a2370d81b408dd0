import type { ReactNode } from 'react';
import TextField from '@mui/material/TextField';

export interface SelectOption {
  value: string;
  label: string;
}

interface NativeSelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** A first, empty option such as 'Choose a land'; omitted when every option is a value. */
  placeholder?: string;
  disabled?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
}

/**
 * A labelled select on the browser's own control: keyboard and screen-reader friendly, and
 * the phone's native picker at 390 px.
 */
export function NativeSelectField(props: NativeSelectFieldProps) {
  const { id, label, value, options, onChange, placeholder, disabled, helperText, size } = props;
  return (
    <TextField
      id={id}
      select
      fullWidth
      size={size}
      label={label}
      value={value}
      disabled={disabled}
      helperText={helperText}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
