import { useCallback, useMemo } from 'react';
import type { z } from 'zod';
import { useSearchParamsChain } from '../../lib/use-search-params-chain';

type TValue = string | number | boolean | null | undefined;

/**
 * Parses URL query parameters with a list's shared schema (ARCHITECTURE 3.10: the URL is the state
 * of every list). A parameter the schema refuses (`?page=abc`) is dropped rather than breaking the
 * page, so a hand-edited or stale link still opens.
 */
export function parseListParams<S extends z.ZodType>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = Object.fromEntries(params);
  for (let attempt = 0; attempt < 10; attempt++) {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    const bad = new Set(result.error.issues.map((issue) => String(issue.path[0] ?? '')));
    if (![...bad].some((key) => key in raw)) break;
    for (const key of bad) delete raw[key];
  }
  return schema.parse({});
}

/** The list's parsed state plus setters that write the URL. */
export function useListState<S extends z.ZodType>(schema: S) {
  const [params, setParams] = useSearchParamsChain();
  const query = useMemo(() => parseListParams(schema, params), [schema, params]);

  /**
   * Changes some parameters; a filter change goes back to page 1 unless `page` itself changes or
   * `keepPage` says the change is not a filter (opening a row's dialog).
   */
  const update = useCallback(
    (changes: Record<string, TValue>, options: { replace?: boolean; keepPage?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '' || value === false) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes) && !options.keepPage) next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );

  /** Dialogs have a URL too (`?dialog=edit&id=5`); closing one keeps the list's filters. */
  const setDialog = useCallback(
    (dialog: Record<string, TValue> | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of ['dialog', 'id']) next.delete(key);
        for (const [key, value] of Object.entries(dialog ?? {})) {
          if (value !== undefined && value !== null && value !== '') next.set(key, String(value));
        }
        return next;
      });
    },
    [setParams],
  );

  return { query, params, update, setDialog };
}

/** A positive integer id from the URL, or null. */
export function idParam(params: URLSearchParams, key = 'id'): number | null {
  const value = Number(params.get(key));
  return Number.isInteger(value) && value > 0 ? value : null;
}
