import type { ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

export interface FormFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** ' ' keeps the line's height (and a live region) while there is nothing to say. */
  helperText?: ReactNode;
  /** Announce helper text changes (live checks such as login availability). */
  live?: boolean;
  success?: boolean;
  endAdornment?: ReactNode;
}

/**
 * An outlined, labelled text input. Composed from the parts of MUI's TextField so that the
 * auth screens (and the account settings) do not download TextField's select machinery
 * (menus, popovers, modals).
 */
export function FormField(props: FormFieldProps) {
  const { id, label, onChange, helperText, live, success, error, disabled, ...input } = props;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl fullWidth variant="outlined" error={error} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={helperId}
      />
      {helperText && (
        <FormHelperText
          id={helperId}
          aria-live={live ? 'polite' : undefined}
          sx={success ? { color: 'success.main' } : undefined}
        >
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
