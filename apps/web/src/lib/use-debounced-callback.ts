import { useEffect, useMemo, useRef } from 'react';

export interface TDebouncedCallback<A extends unknown[]> {
  /** Schedules a call with these arguments, dropping the one still waiting. */
  (...args: A): void;
  /** Drops the call still waiting, if any. */
  cancel: () => void;
}

/**
 * Calls `callback` once the calls have stopped for `delayMs`, with the last call's arguments and
 * the newest `callback` (SPEC 9: searches 500 ms, filters 300 ms). Leaving the screen drops what is
 * pending. The returned function keeps its identity while `delayMs` does.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
): TDebouncedCallback<A> {
  const latest = useRef(callback);
  const timer = useRef<number | null>(null);
  useEffect(() => {
    latest.current = callback;
  });

  const debounced = useMemo(() => {
    const cancel = () => {
      if (timer.current === null) return;
      window.clearTimeout(timer.current);
      timer.current = null;
    };
    const schedule = (...args: A) => {
      cancel();
      timer.current = window.setTimeout(() => {
        timer.current = null;
        latest.current(...args);
      }, delayMs);
    };
    return Object.assign(schedule, { cancel });
  }, [delayMs]);

  useEffect(() => debounced.cancel, [debounced]);
  return debounced;
}
