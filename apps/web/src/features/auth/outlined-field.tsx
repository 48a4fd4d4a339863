import { useId, type ReactNode } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TOutlinedFieldProps extends Omit<OutlinedInputProps, 'label'> {
  label: string;
  helperText?: ReactNode;
}

/**
 * What <TextField> renders for an outlined text input (same markup, label and helper text wired
 * the same way), without the Select, filled and standard variants TextField imports statically:
 * those (Menu, Popover, Modal) weigh about 15 KB gzipped in the sign-in page's first paint (brief 10).
 */
export function OutlinedField({
  label,
  helperText,
  error = false,
  fullWidth = false,
  disabled,
  required,
  id: idProp,
  ...input
}: TOutlinedFieldProps) {
  const generatedId = useId();
  const id = idProp ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} disabled={disabled} required={required}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput {...input} id={id} label={label} aria-describedby={helperTextId} />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
