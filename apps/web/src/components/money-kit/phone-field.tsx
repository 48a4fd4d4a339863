import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** A phone number's text box: the phone keypad on a phone, and the digits left to right in Arabic too. */
export function PhoneField(props: TextFieldProps) {
  return <TextField {...props} type="tel" slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }} />;
}
