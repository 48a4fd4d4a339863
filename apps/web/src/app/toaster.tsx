import { lazy, Suspense } from 'react';
import { TOAST_DURATION_MS } from '../lib/toast';

const SnackbarProvider = lazy(() => import('notistack').then((m) => ({ default: m.SnackbarProvider })));

/** Where toasts appear; a sibling of the app so the app never waits for it. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SnackbarProvider
        maxSnack={3}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      />
    </Suspense>
  );
}
