import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAuditLogEntry, TAuditLogFilters, TPaged } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';

export type TAuditQuery = {
  user_id?: number;
  entity?: string;
  date_from?: string;
  date_to?: string;
  page: number;
  per_page: number;
};

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (query: TAuditQuery) => ['audit-log', 'list', query] as const,
  filters: ['audit-log', 'filters'] as const,
};

export function useAuditLogQuery(query: TAuditQuery) {
  return useQuery({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TAuditLogEntry>>(`/dashboard/audit-log${queryString(query)}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFiltersQuery() {
  return useQuery({
    queryKey: auditLogKeys.filters,
    queryFn: ({ signal }) => api.get<TAuditLogFilters>('/dashboard/audit-log/filters', signal),
  });
}

export const auditExportPath = (query: TAuditQuery) =>
  `/dashboard/audit-log/export${queryString({ ...query, page: undefined, per_page: undefined })}`;
