import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TAnalyticsDimension, TAnalyticsQuery, TAnalyticsReport } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { downloadFile } from '../imports/imports-api';

export type TReportParams = Partial<Omit<TAnalyticsQuery, 'breakdown'>> & { breakdown?: TAnalyticsDimension };

/** GET /dashboard/analytics/report (issue 14.2): one request per chart family of a view. */
export function useAnalyticsReport(params: TReportParams) {
  const search = queryString({ ...params, compare: params.compare === false ? 'false' : undefined });
  return useQuery({
    queryKey: ['analytics', 'report', search],
    queryFn: ({ signal }) => api.get<TAnalyticsReport>(`/dashboard/analytics/report${search}`, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** A chart's table as an XLSX file (POST /dashboard/analytics/export, the server's XLSX writer). */
export function exportTable(name: string, columns: string[], rows: Array<Array<string | number | null>>) {
  return downloadFile('/dashboard/analytics/export', {
    body: { name: name.slice(0, 31), columns, rows },
    fallbackName: `analytics_${name}.xlsx`,
  });
}
