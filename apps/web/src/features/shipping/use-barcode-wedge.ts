import { useEffect, useRef } from 'react';
import { BarcodeWedge, BARCODE_KEY_GAP_MS } from '@cod/shared';

/**
 * Listens for a keyboard-wedge scanner on the whole page while `enabled` (SPEC 9: characters under
 * 100 ms apart form one scan). Keys typed into a text field are left to that field, except while
 * `captureInputs` (the scanner dialog's own input).
 */
export function useBarcodeWedge(onScan: (code: string) => void, enabled: boolean): void {
  const handler = useRef(onScan);
  handler.current = onScan;

  useEffect(() => {
    if (!enabled) return;
    const wedge = new BarcodeWedge();
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const code = wedge.key(event.key, event.timeStamp || performance.now());
      clearTimeout(flushTimer);
      if (code) {
        event.preventDefault();
        handler.current(code);
        return;
      }
      // A scanner without an Enter suffix: the burst ends when the keys stop.
      flushTimer = setTimeout(() => {
        const flushed = wedge.flush(performance.now());
        if (flushed) handler.current(flushed);
      }, BARCODE_KEY_GAP_MS + 20);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(flushTimer);
      window.removeEventListener('keydown', onKey);
    };
  }, [enabled]);
}
