import { useEffect, useState } from 'react';
import { useDebouncedCallback } from './use-debounced-callback';

/**
 * `value` once it has stayed the same for `delayMs` (what a picker searches while the user types);
 * the first render answers `value` itself.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(() => value);
  const settle = useDebouncedCallback((next: T) => setSettled(() => next), delayMs);
  useEffect(() => settle(value), [settle, value]);
  return settled;
}
