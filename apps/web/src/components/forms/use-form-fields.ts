import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../lib/server-message';

/** What `field(name)` gives a TextField. */
export type TFieldProps = UseFormRegisterReturn & { error: boolean; helperText: string | undefined };

/**
 * A react-hook-form form's fields with their messages: `fieldError(name)` is a field's message in
 * the user's language, `field(name)` spreads into a TextField (registered, red and with its
 * message underneath when it has one).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any resolver's output
export function useFormFields<TForm extends FieldValues>(form: UseFormReturn<TForm, unknown, any>) {
  const { t } = useTranslation();
  const { formState } = form;
  const fieldError = (name: Path<TForm>) =>
    translateServerMessage(t, form.getFieldState(name, formState).error?.message);
  const field = (name: Path<TForm>): TFieldProps => {
    const message = fieldError(name);
    return { ...form.register(name), error: Boolean(message), helperText: message };
  };
  return { fieldError, field };
}
