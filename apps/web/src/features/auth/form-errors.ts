import type { FieldErrors, FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { failureMessage, fieldMessages, messageToken, translateServerMessage } from '../../lib/server-message';

/**
 * Puts a failed call's messages where the user looks: 422 field errors under their fields
 * (ARCHITECTURE 3.5), 429 with the wait from Retry-After, anything else as one form-level error.
 */
export function applyApiError<T extends FieldValues>(options: {
  error: unknown;
  fields: readonly Path<T>[];
  setError: UseFormSetError<T>;
  t: TFunction;
}): void {
  const { error, fields, setError, t } = options;
  const root = (message: string) => setError('root.server', { type: 'server', message });

  if (!(error instanceof ApiError)) return root(t('errors.network'));
  if (error.status === 429) {
    return root(
      error.retryAfterSeconds
        ? t('auth.too_many_attempts_wait', { count: error.retryAfterSeconds })
        : t('auth.too_many_attempts'),
    );
  }
  if (error.status === 422) {
    let placed = false;
    for (const [field, messages] of Object.entries(fieldMessages(error))) {
      const first = messages[0];
      if (!first) continue;
      // A field keeps the token (its helper text translates it); the alert shows the sentence.
      if ((fields as readonly string[]).includes(field))
        setError(field as Path<T>, { type: 'server', message: messageToken(first) });
      else root(translateServerMessage(t, first));
      placed = true;
    }
    if (placed) return;
  }
  root(failureMessage(t, error, 'errors.unexpected'));
}

/**
 * A field of an auth form: react-hook-form's props with its ref on the <input> (not the field's
 * root <div>), and its message, translated, under it.
 */
export function authFieldProps<T extends FieldValues>(
  form: { register: UseFormRegister<T>; formState: { errors: FieldErrors<T> } },
  t: TFunction,
  name: Path<T>,
) {
  const { ref, ...field } = form.register(name);
  const error = form.formState.errors[name] as { message?: string } | undefined;
  return { ...field, inputRef: ref, error: Boolean(error), helperText: translateServerMessage(t, error?.message) };
}
