import type { TDailyReport, TDailyReportSettings, THomeNumbers } from '@cod/shared';
import { api, ApiError, queryString } from '../../lib/api-client';
import { getAccessToken } from '../../lib/storage';

/** Query keys of the home numbers and the daily report (issue 14.3-14.4). */
export const reportKeys = {
  home: ['home-numbers'] as const,
  daily: (day: string | null) => ['daily-report', day ?? 'yesterday'] as const,
};

export interface TDailyReportAnswer {
  data: TDailyReport;
  settings: TDailyReportSettings;
}

export const fetchHomeNumbers = (signal?: AbortSignal) => api.get<THomeNumbers>('/dashboard/home', signal);

export const fetchDailyReport = (day: string | null, signal?: AbortSignal) =>
  api.get<TDailyReportAnswer>(`/dashboard/reports/daily${queryString({ day })}`, signal);

export const saveReportSettings = (settings: TDailyReportSettings) =>
  api.put<{ message: string; code: string; settings: TDailyReportSettings }>(
    '/dashboard/reports/daily/settings',
    settings,
  );

/** The report's PDF path (GET with the bearer header). */
export const dailyReportPdfPath = (day: string, locale: string) =>
  `/dashboard/reports/daily/pdf${queryString({ day, locale })}`;

/**
 * Fetches the PDF with the session's bearer header and shows it in a new tab (a download when the
 * browser blocks the tab): no one-use link to mint, the request itself is authorised.
 */
export async function openDailyReportPdf(day: string, locale: string): Promise<void> {
  const response = await fetch(dailyReportPdfPath(day, locale), {
    headers: { Authorization: `Bearer ${getAccessToken() ?? ''}`, Accept: 'application/pdf' },
  });
  if (!response.ok) throw new ApiError(response.status, null, null);
  const url = URL.createObjectURL(await response.blob());
  const tab = window.open(url, '_blank');
  if (!tab) {
    const link = document.createElement('a');
    link.href = url;
    link.download = `daily-report-${day}.pdf`;
    link.click();
  }
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
