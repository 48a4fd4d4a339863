import type { VariantType } from 'notistack';

/** SPEC 9: toasts default to 3000 ms. */
export const TOAST_DURATION_MS = 3000;

/**
 * notistack (with its own CSS engine) is not needed to paint the login page, so it is loaded on
 * demand; its global enqueueSnackbar reaches the provider mounted by AppThemeProvider.
 */
export async function toast(
  message: string,
  options: { variant?: VariantType; autoHideDuration?: number } = {},
): Promise<void> {
  const { enqueueSnackbar } = await import('notistack');
  // notistack binds enqueueSnackbar when its provider mounts; before that (or in a bare component
  // test) there is nowhere to show a toast, and a toast must never become an unhandled error.
  if (typeof enqueueSnackbar !== 'function') return;
  enqueueSnackbar(message, { variant: options.variant ?? 'default', autoHideDuration: options.autoHideDuration });
}
