import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/server-errors';
import { toast } from '../../lib/toast';

/**
 * A task a button starts and waits for (an export, a PDF): `busy` while it runs, so the button can
 * turn off, and a failure shown as an error toast (the server's message unless `failure` says what
 * to say instead, read when it fails).
 */
export function useBusyTask(task: () => Promise<unknown>, failure?: () => string) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      void toast(failure ? failure() : errorMessage(t, error), { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run: () => void run() };
}

/** Awaits a change the user confirmed, then says how it went in a toast (its success words, or why it failed). */
export async function toastOutcome(t: TFunction, change: () => Promise<unknown>, success: string) {
  try {
    await change();
    void toast(success, { variant: 'success' });
  } catch (error) {
    void toast(errorMessage(t, error), { variant: 'error' });
  }
}
