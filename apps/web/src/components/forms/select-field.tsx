import type { ReactNode } from 'react';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** One choice of a SelectField: the value it sets and what the menu shows. */
export interface TSelectOption {
  value: string | number;
  label: ReactNode;
}

type TSelectFieldProps = Omit<TextFieldProps, 'select' | 'children'> & {
  options: readonly TSelectOption[];
  /** Items shown before the options (an "any" or "none" choice). */
  children?: ReactNode;
};

/** A TextField that is a select: its options given as data, one menu item each. */
export function SelectField({ options, children, ...field }: TSelectFieldProps) {
  return (
    <TextField select {...field}>
      {children}
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
