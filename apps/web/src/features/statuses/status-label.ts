import { useQuery } from '@tanstack/react-query';
import { statusLabel, type TPaged, type TStatus, type TStatusNames } from '@cod/shared';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { referenceKeys } from '../../lib/query-keys';

/** The shop's statuses (GET /dashboard/statuses), the cache the Orders screen reads too. */
export function useShopStatuses() {
  return useQuery({
    queryKey: referenceKeys.statuses,
    queryFn: ({ signal }) => api.get<TPaged<TStatus>>('/dashboard/statuses', signal),
    staleTime: 5 * 60 * 1000,
  });
}

type TLabelled = { id?: number; name: string; display_name?: string | null; names?: TStatusNames | null };

/**
 * THE status label of the web (issue 12.2): the name in the interface language, else the shop's
 * own name. Order rows carry a status without its translations, so they are found by id in the
 * shop's list. Chips, the status filter, the status dialogs and the statuses screen all use it.
 */
export function useStatusLabel(): (status: TLabelled) => string {
  const { i18n } = useTranslation();
  const { data } = useShopStatuses();
  const namesById = useMemo(() => new Map((data?.data ?? []).map((s) => [s.id, s.names])), [data]);
  // The chosen language, even before (or without) its strings bundle.
  const language = i18n.language;
  return useCallback(
    (status: TLabelled) =>
      statusLabel({ ...status, names: status.names ?? (status.id ? namesById.get(status.id) : undefined) }, language),
    [namesById, language],
  );
}

/** Only the statuses a user may still choose (the filter keeps every one to find old orders). */
export const activeStatuses = <S extends { active?: boolean }>(statuses: readonly S[]): S[] =>
  statuses.filter((s) => s.active !== false);
