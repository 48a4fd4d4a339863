import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-client';
import { translateCatalogueMessage } from './catalogue-messages';

/** The message a failed call shows when it is not tied to a field (toasts, alerts). */
export function errorMessage(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.network');
  if (error.status >= 500) return t('errors.unexpected');
  // SPEC 8: the stock message comes first when there is one.
  const stock = error.fieldErrors.stock?.[0];
  return translateCatalogueMessage(t, stock ?? error.body?.message) ?? t('errors.unexpected');
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
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const message = translateCatalogueMessage(t, messages[0]);
    if (!message) continue;
    if (field !== 'stock' && isField(field))
      setError(field as Path<T>, { type: 'server', message }, { shouldFocus: true });
    else leftOver.push(message);
  }
  if (leftOver.length) root(leftOver.join(' '));
  else if (Object.keys(error.fieldErrors).length === 0) root(errorMessage(t, error));
}

/** True for `name`, and for `variants.3.sku` when `variants.*.sku` is listed. */
export function fieldMatcher(patterns: readonly string[]): (path: string) => boolean {
  const regexes = patterns.map((p) => new RegExp(`^${p.replace(/\./g, '\\.').replace(/\\\.\*/g, '\\.\\d+')}$`));
  return (path) => regexes.some((regex) => regex.test(path));
}
