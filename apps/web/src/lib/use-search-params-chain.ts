import { useCallback, useLayoutEffect, useRef } from 'react';
import { useNavigation, useSearchParams, type NavigateOptions } from 'react-router';

type TChange = (current: URLSearchParams) => URLSearchParams;

/**
 * useSearchParams whose updates build on each other. React Router hands a functional update the
 * parameters of the last render, and a navigation only shows once the route's loaders ran; so a
 * debounced filter firing just after a tab click would start from the URL before the click and
 * drop the tab. Here each update starts from the newest URL asked for; the rendered URL takes over
 * again once no navigation is pending (after back/forward too).
 */
export function useSearchParamsChain(): [URLSearchParams, (change: TChange, options?: NavigateOptions) => void] {
  const [params, setParams] = useSearchParams();
  const idle = useNavigation().state === 'idle';
  const latest = useRef(params);
  useLayoutEffect(() => {
    if (idle) latest.current = params;
  }, [params, idle]);
  const change = useCallback(
    (fn: TChange, options?: NavigateOptions) => {
      const next = fn(latest.current);
      latest.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, change];
}
