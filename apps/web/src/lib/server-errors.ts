import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { failureMessage, fieldMessages, messageToken, translateServerMessage } from './server-message';

/** The message a failed call shows when it is not tied to a field (toasts, alerts). */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.network');
  // SPEC 8: the stock message comes first when there is one (failureMessage), by its code.
  return failureMessage(t, error, 'errors.unexpected');
}

/**
 * Puts a failed save's messages where the user looks (ARCHITECTURE 3.5): each 422 field error under
 * its field, nested ones included (`variants.0.sku`, `lines.1.quantity`), when the form shows that
 * field; the rest (a stock shortage, a conflict, a field the form does not show) as one alert.
 */
export function applyServerErrors<T extends FieldValues>(options: {
  error: unknown;
  setError: UseFormSetError<T>;
  t: TFunction;
  /** Whether the form shows this field path (so the message can sit under it). */
  isField: (path: string) => boolean;
}): void {
  const { error, setError, t, isField } = options;
  const root = (message: string) => setError('root.server', { type: 'server', message });
  if (!(error instanceof ApiError) || error.status !== 422) return root(errorMessage(t, error));

  const leftOver: string[] = [];
  for (const [field, messages] of Object.entries(fieldMessages(error))) {
    const first = messages[0];
    if (!first) continue;
    // A field shows the token (translated where it is rendered); the alert shows the sentence.
    if (field !== 'stock' && isField(field))
      setError(field as Path<T>, { type: 'server', message: messageToken(first) }, { shouldFocus: true });
    else leftOver.push(translateServerMessage(t, first));
  }
  if (leftOver.length) root(leftOver.join(' '));
  else if (Object.keys(fieldMessages(error)).length === 0) root(errorMessage(t, error));
}

/** True for `name`, and for `variants.3.sku` when `variants.*.sku` is listed. */
export function fieldMatcher(patterns: readonly string[]): (path: string) => boolean {
  const regexes = patterns.map((p) => new RegExp(`^${p.replace(/\./g, '\\.').replace(/\\\.\*/g, '\\.\\d+')}$`));
  return (path) => regexes.some((regex) => regex.test(path));
}
