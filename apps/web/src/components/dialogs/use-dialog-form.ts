import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, fieldMatcher } from '../../lib/server-errors';
import { toast } from '../../lib/toast';
import { useFormFields } from '../forms/use-form-fields';

interface TDialogFormOptions<TForm extends FieldValues, TInput> {
  /** The shared zod schema's resolver (zodResolver, or mappedResolver when the form's shape differs). */
  resolver: Resolver<TForm, unknown, TInput>;
  defaultValues: DefaultValues<TForm>;
  /** The paths the form shows (`name`, `lines.*.quantity`): a server error on one sits under it. */
  fields: readonly string[];
  /**
   * Saves; when it throws, the server's messages go on the form. When it answers a message, the
   * hook says it (a success toast) and closes the dialog; otherwise `submit` does what follows.
   */
  submit: (input: TInput) => Promise<string | void>;
  onClose: () => void;
}

/**
 * The wiring every create/edit dialog repeats: react-hook-form with the shared schema, a submit
 * whose 422 lands under the fields (the rest in one alert), and the pending state that keeps the
 * dialog open and its buttons off. The dialog is mounted while open, so each opening starts fresh.
 */
export function useDialogForm<TForm extends FieldValues, TInput = TForm>({
  resolver,
  defaultValues,
  fields,
  submit,
  onClose,
}: TDialogFormOptions<TForm, TInput>) {
  const { t } = useTranslation();
  const form = useForm<TForm, unknown, TInput>({ resolver, defaultValues });
  const { formState } = form;
  const { fieldError, field } = useFormFields(form);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await submit(input);
      if (saved !== undefined) {
        void toast(saved, { variant: 'success' });
        onClose();
      }
    } catch (error) {
      applyServerErrors({ error, setError: form.setError, t, isField: fieldMatcher(fields) });
    }
  });
  const busy = formState.isSubmitting;

  return {
    form,
    onSubmit,
    busy,
    /** The failed save's message that no field shows. */
    serverError: formState.errors.root?.server?.message,
    /** A field's message in the user's language. */
    fieldError,
    /** Spread into a TextField: registered, with its message underneath. */
    field,
    /** Spread into ResponsiveDialog. */
    dialogProps: { open: true, onClose, onSubmit, busy },
  };
}
