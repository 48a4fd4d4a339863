import { useEffect, useRef, useState } from 'react';
import { importApi } from './imports-api';
import { IMPORT_POLL_MS, isFinished, rowErrorsOf, type TImportBatch, type TImportError } from './import-progress';

export interface TImportProgressEvents {
  onCompleted?: (batch: TImportBatch) => void;
  onCancelled?: (batch: TImportBatch) => void;
}

/**
 * SPEC 4 polling of an import batch: the first poll at once, then every 2 s while processing; on
 * completed, failed or cancelled polling stops and the results are fetched once; completed and
 * cancelled are reported. Closing (open false) stops polling; another batch id clears the data
 * and starts again. SPEC 8: failures of the progress, results and cancel calls are ignored.
 */
export function useImportProgress(batchId: number | null, open: boolean, events: TImportProgressEvents = {}) {
  const [batch, setBatch] = useState<TImportBatch | null>(null);
  const [errors, setErrors] = useState<TImportError[]>([]);
  const [totalErrors, setTotalErrors] = useState(0);
  const latest = useRef(events);
  useEffect(() => {
    latest.current = events;
  });
  const pollNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    setBatch(null);
    setErrors([]);
    setTotalErrors(0);
    if (!open || batchId === null) return;
    // active: this batch is still the one shown (cleared on close or a new id); done: it finished.
    let active = true;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const finish = async (finished: TImportBatch) => {
      try {
        const results = await importApi.results(batchId);
        if (!active) return;
        setErrors(rowErrorsOf(results));
        setTotalErrors(results.total_errors ?? results.errors?.length ?? 0);
      } catch {
        // SPEC 8: ignored.
      }
      if (!active) return;
      if (finished.status === 'completed') latest.current.onCompleted?.(finished);
      if (finished.status === 'cancelled') latest.current.onCancelled?.(finished);
    };

    const poll = async () => {
      clearTimeout(timer);
      try {
        const { batch: current } = await importApi.progress(batchId);
        if (!active || done) return;
        setBatch(current);
        if (isFinished(current.status)) {
          done = true;
          await finish(current);
          return;
        }
      } catch {
        // SPEC 8: ignored; the next poll tries again.
      }
      if (!active || done) return;
      clearTimeout(timer);
      timer = setTimeout(() => void poll(), IMPORT_POLL_MS);
    };
    pollNow.current = () => {
      if (active && !done) void poll();
    };
    void poll();
    return () => {
      active = false;
      clearTimeout(timer);
      pollNow.current = () => undefined;
    };
  }, [batchId, open]);

  /** SPEC 4: Cancel Import asks the server to cancel, then re-reads the progress. */
  const cancel = async () => {
    if (batchId === null) return;
    try {
      await importApi.cancel(batchId);
    } catch {
      // SPEC 8: ignored.
    }
    pollNow.current();
  };

  return { batch, errors, totalErrors, cancel };
}
