import { lazy, Suspense } from 'react';

// socket.io-client loads after the layout has painted, in its own chunk.
const RealtimeLayer = lazy(() => import('./realtime-layer'));

/** Mounted once in the default layout: live events, presence, toasts and the new-order sound. */
export function RealtimeRoot() {
  return (
    <Suspense fallback={null}>
      <RealtimeLayer />
    </Suspense>
  );
}
