import { useCallback, useEffect, useRef } from 'react';

/**
 * Gathers changes made within `delayMs` of each other and hands them over once, after the user
 * pauses (SPEC 9: filter changes 300 ms, search 500 ms). Leaving the screen drops what is pending.
 */
export function useDebouncedCommit<T extends object>(commit: (changes: Partial<T>) => void, delayMs: number) {
  const latest = useRef(commit);
  const pending = useRef<Partial<T>>({});
  const timer = useRef<number | null>(null);
  useEffect(() => {
    latest.current = commit;
  });
  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (changes: Partial<T>) => {
      pending.current = { ...pending.current, ...changes };
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = null;
        const batch = pending.current;
        pending.current = {};
        latest.current(batch);
      }, delayMs);
    },
    [delayMs],
  );
}
