import type { OptionsObject, SnackbarKey, SnackbarMessage, VariantType } from 'notistack';

/** SPEC 9: toasts default to 3000 ms. */
export const TOAST_DURATION_MS = 3000;

type TEnqueue = (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
type TToastOptions = { variant?: VariantType; autoHideDuration?: number };

/** The mounted toaster's enqueue (app/toaster.tsx), and what was asked before it mounted. */
let enqueue: TEnqueue | null = null;
const pending: Array<{ message: string; options: TToastOptions }> = [];
const MAX_PENDING = 5;

function show(to: TEnqueue, message: string, options: TToastOptions) {
  to(message, { variant: options.variant ?? 'default', autoHideDuration: options.autoHideDuration });
}

/**
 * Shows a toast. notistack (with its own CSS engine) is loaded on demand, so the toaster may not be
 * mounted yet: a toast asked for before it (a save answered while the page still loads) waits for
 * it instead of being lost. notistack's own global enqueueSnackbar is not used: it is bound when a
 * provider is constructed, which a render React then discards can leave pointing at a dead one.
 */
export async function toast(message: string, options: TToastOptions = {}): Promise<void> {
  if (enqueue) return show(enqueue, message, options);
  // Nowhere to show it yet (or, in a bare component test, ever): keep the last few.
  pending.push({ message, options });
  if (pending.length > MAX_PENDING) pending.shift();
}

/** Called by the mounted toaster with its enqueue; shows what waited. Answers the unbinding. */
export function bindToaster(mounted: TEnqueue): () => void {
  enqueue = mounted;
  for (const { message, options } of pending.splice(0)) show(mounted, message, options);
  return () => {
    if (enqueue === mounted) enqueue = null;
  };
}
