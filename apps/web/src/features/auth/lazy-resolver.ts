import type { FieldValues, Resolver } from 'react-hook-form';
import type * as AuthSchemas from './auth-schemas';

type TSchemas = typeof AuthSchemas;

let schemas: Promise<TSchemas> | null = null;

function loadSchemas(): Promise<TSchemas> {
  schemas ??= import('./auth-schemas');
  return schemas;
}

/**
 * zod is a fifth of the sign-in page's JavaScript; it is fetched right after the first paint (or
 * on the first validation, whichever comes first) so /login paints inside the 250 KB budget.
 */
export function lazyResolver<T extends FieldValues>(pick: (loaded: TSchemas) => Resolver<T>): Resolver<T> {
  return async (values, context, options) => pick(await loadSchemas())(values, context, options);
}

/** Starts the download once the page has painted. */
export function preloadAuthSchemas(): void {
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
  idle(() => void loadSchemas());
}
