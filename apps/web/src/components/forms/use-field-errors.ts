import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { failureMessage, fieldMessages, translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';

/** A 422's messages by field (the first of each, translated); `{}` for any other failure. */
export function translatedFieldErrors(
  t: TFunction,
  error: unknown,
  fieldOf: (field: string) => string = (field) => field,
): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  return Object.fromEntries(
    Object.entries(fieldMessages(error)).map(([field, list]) => [
      fieldOf(field),
      translateServerMessage(t, list[0]) ?? '',
    ]),
  );
}

/**
 * A plain (not react-hook-form) form's save: `guard` clears the messages, runs the save, and on a
 * 422 puts each field's message in `errors`; any other failure is a toast.
 */
export function useFieldErrors() {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const guard = async (save: () => Promise<void>) => {
    setErrors({});
    try {
      await save();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) setErrors(translatedFieldErrors(t, error));
      else void toast(failureMessage(t, error), { variant: 'error' });
    }
  };
  return { errors, setErrors, guard };
}

/** A dialog's save whose failure shows in the dialog: `guard` clears the message, runs, keeps the failure's. */
export function useSubmitError() {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const guard = async (save: () => Promise<void>) => {
    setError(null);
    try {
      await save();
    } catch (cause) {
      setError(failureMessage(t, cause));
    }
  };
  return { error, guard };
}
