/** The daily report and the home numbers (issue 14.3-14.4, docs/decisions/0081-0082). */
export const REPORT_TEMPLATES = {
  'reports.day_invalid': 'The day must be a calendar day such as 2026-11-21.',
  'reports.hour_invalid': 'The hour must be a whole number from 0 to 23, or empty to send no e-mail.',
  'reports.settings_saved': 'The daily report settings have been saved.',
} as const;
