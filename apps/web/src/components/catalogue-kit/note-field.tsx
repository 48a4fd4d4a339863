import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * A free text of a few lines (a note, a reason, an address): two lines to start with, growing as
 * the user types, so every form's notes look and behave alike.
 */
export function NoteField(props: TextFieldProps) {
  return <TextField multiline minRows={2} {...props} />;
}
