import { useQuery } from '@tanstack/react-query';
import { queryString } from '../../lib/api-client';
import { central } from './central-api';

/**
 * A central collection's rows (`/central/<collection>`), filtered by `params` (an empty one is left
 * out of the request). The cache key is the collection and the params' values, so every screen that
 * reads the same rows shares them, and saving anything central refreshes them (`['central']`).
 */
export function useCentralRows<TRow>(
  collection: string,
  params: Record<string, string> = {},
  options: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: ['central', collection, ...Object.values(params)],
    queryFn: ({ signal }) => central.get<{ data: TRow[] }>(`/central/${collection}${queryString(params)}`, signal),
    ...options,
  });
}
