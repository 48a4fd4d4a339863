import { useCallback, useRef } from 'react';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';

/**
 * Gathers changes made within `delayMs` of each other and hands them over once, after the user
 * pauses (SPEC 9: filter changes 300 ms, search 500 ms). Leaving the screen drops what is pending.
 */
export function useDebouncedCommit<T extends object>(commit: (changes: Partial<T>) => void, delayMs: number) {
  const pending = useRef<Partial<T>>({});
  const flush = useDebouncedCallback(() => {
    const batch = pending.current;
    pending.current = {};
    commit(batch);
  }, delayMs);

  return useCallback(
    (changes: Partial<T>) => {
      pending.current = { ...pending.current, ...changes };
      flush();
    },
    [flush],
  );
}
