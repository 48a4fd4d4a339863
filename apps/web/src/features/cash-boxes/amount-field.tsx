import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { formatCentimes, parseDZD, type TCentimes } from '@cod/shared';
import { forwardRef } from 'react';

/**
 * An amount typed as text ("1 234,50") and sent as integer centimes (docs/decisions/0069): the form
 * keeps the text, `centimesOf` turns it into the request's number; anything else stays a string so
 * the shared schema answers "must be a number" under the field.
 */
export const centimesOf = (text: unknown): unknown => {
  if (typeof text !== 'string' || text.trim() === '') return undefined;
  return parseDZD(text) ?? text;
};

/** The text a form starts with for an amount. */
export const amountText = (amount: TCentimes | null | undefined) =>
  amount == null ? '' : formatCentimes(amount, { suffix: false });

export const AmountField = forwardRef<HTMLDivElement, TextFieldProps>(function AmountField(props, ref) {
  return (
    <TextField
      ref={ref}
      inputMode="decimal"
      autoComplete="off"
      {...props}
      slotProps={{
        htmlInput: { dir: 'ltr', inputMode: 'decimal', ...(props.slotProps?.htmlInput as object) },
        input: { endAdornment: <InputAdornment position="end">DA</InputAdornment> },
      }}
    />
  );
});
