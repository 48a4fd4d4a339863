import { lazy, Suspense, useEffect } from 'react';
import { bindToaster, TOAST_DURATION_MS } from '../lib/toast';

/**
 * notistack's provider and, inside it, the bridge that hands its enqueue to lib/toast once
 * mounted (so a toast reaches the provider on screen, and one asked for earlier is shown then).
 */
const NotistackToaster = lazy(() =>
  import('notistack').then(({ SnackbarProvider, useSnackbar }) => {
    function Bridge() {
      const { enqueueSnackbar } = useSnackbar();
      useEffect(() => bindToaster(enqueueSnackbar), [enqueueSnackbar]);
      return null;
    }
    return {
      default: function Provider() {
        return (
          <SnackbarProvider
            maxSnack={3}
            autoHideDuration={TOAST_DURATION_MS}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
          >
            <Bridge />
          </SnackbarProvider>
        );
      },
    };
  }),
);

/** Where toasts appear; a sibling of the app so the app never waits for it. */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <NotistackToaster />
    </Suspense>
  );
}
