import { useCallback, useEffect, useState } from 'react';

/**
 * The width of a chart's box, followed as it resizes (a phone turned, a drawer opened): the ref
 * callback to put on the box and its width in px. Before the box is measured (and where there is
 * no ResizeObserver), the window's width stands in.
 */
export function useChartWidth(): [(node: HTMLElement | null) => void, number] {
  const [node, setNode] = useState<HTMLElement | null>(null);
  const [width, setWidth] = useState(() => (typeof window === 'undefined' ? 1024 : window.innerWidth));
  const ref = useCallback((element: HTMLElement | null) => setNode(element), []);
  useEffect(() => {
    if (!node || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = entry?.contentRect.width ?? 0;
      if (measured > 0) setWidth(Math.round(measured));
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [ref, width];
}
