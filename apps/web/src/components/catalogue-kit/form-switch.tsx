import type { ReactNode } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { SxProps, Theme } from '@mui/material/styles';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

interface TFormSwitchProps<TForm extends FieldValues, TOutput> {
  control: Control<TForm, unknown, TOutput>;
  name: Path<TForm>;
  label: ReactNode;
  /** A flag the form may hold unset that means on (`active`: on unless switched off). */
  onWhenUnset?: boolean;
  /** Called after the form's value changed (a switch that also fills other fields). */
  onToggle?: (checked: boolean) => void;
  sx?: SxProps<Theme>;
}

/** A yes/no field of a react-hook-form form, shown as a labelled switch. */
export function FormSwitch<TForm extends FieldValues, TOutput = TForm>({
  control,
  name,
  label,
  onWhenUnset,
  onToggle,
  sx,
}: TFormSwitchProps<TForm, TOutput>) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      sx={sx}
      control={
        <Switch
          checked={onWhenUnset ? field.value !== false : field.value === true}
          onChange={(event) => {
            field.onChange(event.target.checked);
            onToggle?.(event.target.checked);
          }}
          inputRef={field.ref}
        />
      }
      label={label}
    />
  );
}
