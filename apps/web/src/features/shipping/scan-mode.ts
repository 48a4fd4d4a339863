/** SPEC 4: scan modes select or validate; a scan mode sets the page size to 200. SPEC 9: 2 s notice. */
export type TScanMode = 'select' | 'validate';
export const SCAN_MODE_PAGE_SIZE = 200;
export const SCAN_NOTICE_MS = 2000;
