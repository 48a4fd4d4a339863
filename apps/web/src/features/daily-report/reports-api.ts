import type { TDailyReport, TDailyReportSettings, THomeNumbers } from '@cod/shared';
import { api, queryString } from '../../lib/api-client';
import { openSessionFile } from '../../lib/open-session-file';

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

/** The report's PDF, shown in a new tab (a download when the browser blocks the tab). */
export const openDailyReportPdf = (day: string, locale: string): Promise<void> =>
  openSessionFile(dailyReportPdfPath(day, locale), `daily-report-${day}.pdf`, 'application/pdf');
