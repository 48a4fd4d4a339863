import { useCallback, useMemo } from 'react';
import { useSearchParamsChain } from '../../lib/use-search-params-chain';
import { clearedOrdersParams, nextOrdersParams, parseOrdersUrl, type TOrdersUrlState } from './orders-url-state';

type TValue = string | number | null | undefined;

/** The order dialog has a URL too (`?dialog=create`, `?dialog=edit&id=5`), beside the list's state. */
export type TOrderDialogParam = { mode: 'create' } | { mode: 'edit'; id: number } | null;

function dialogOf(params: URLSearchParams): TOrderDialogParam {
  const dialog = params.get('dialog');
  if (dialog === 'create') return { mode: 'create' };
  const id = Number(params.get('id'));
  if (dialog === 'edit' && Number.isInteger(id) && id > 0) return { mode: 'edit', id };
  return null;
}

/** SPEC 2.4: the screen's state read from and written to the URL (history entries, so back works). */
export function useOrdersUrl() {
  const [params, setParams] = useSearchParamsChain();
  const state = useMemo(() => parseOrdersUrl(params), [params]);
  const dialog = useMemo(() => dialogOf(params), [params]);

  const update = useCallback(
    (changes: Partial<Record<keyof TOrdersUrlState, TValue>>) =>
      setParams((current) => nextOrdersParams(current, changes)),
    [setParams],
  );
  const clearFilters = useCallback(() => setParams((current) => clearedOrdersParams(current)), [setParams]);
  const setDialog = useCallback(
    (next: TOrderDialogParam) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        out.delete('dialog');
        out.delete('id');
        if (next) out.set('dialog', next.mode);
        if (next?.mode === 'edit') out.set('id', String(next.id));
        return out;
      }),
    [setParams],
  );

  return { state, dialog, update, clearFilters, setDialog };
}
