import { useEffect, useRef } from 'react';

/**
 * Listens to key presses on the whole page while `enabled` (the page's keyboard shortcuts). The
 * listener is added once and calls the latest render's `onKeyDown`, so the handler may read the
 * current state without the listener being swapped on every render.
 */
export function useWindowKeyDown(onKeyDown: (event: KeyboardEvent) => void, enabled = true): void {
  const latest = useRef(onKeyDown);
  useEffect(() => {
    latest.current = onKeyDown;
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: KeyboardEvent) => latest.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [enabled]);
}
