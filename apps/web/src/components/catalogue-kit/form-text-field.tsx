import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../lib/server-message';

export type TFormTextFieldProps<TForm extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  /** The field's path in the surrounding react-hook-form form (`variants.0.sku`). */
  name: Path<TForm>;
  /** How the typed text becomes the form's value (a number parser). */
  setValueAs?: (text: string) => unknown;
  /** Shown under the field while it has no error. */
  hint?: string;
};

/**
 * A small TextField of the form around it (FormProvider): registered under `name`, red with its
 * translated message underneath when the field has an error, else with its hint.
 */
export function FormTextField<TForm extends FieldValues>(props: TFormTextFieldProps<TForm>) {
  const { name, setValueAs, hint, ...field } = props;
  const { t } = useTranslation();
  const { register, getFieldState, formState } = useFormContext<TForm>();
  const message = translateServerMessage(t, getFieldState(name, formState).error?.message);
  return (
    <TextField
      {...register(name, setValueAs ? { setValueAs } : undefined)}
      size="small"
      error={Boolean(message)}
      helperText={message ?? hint}
      {...field}
    />
  );
}
