import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/server-errors';
import { toast } from '../../lib/toast';

/** A catalogue DELETE answers `archived` instead of `deleted` when orders or movements use the row. */
export type TDeleteResult = { result: 'deleted' | 'archived' };

/** The part of a TanStack mutation on a row id that the hook uses (it invalidates on success). */
interface TIdMutation<TResult> {
  mutateAsync: (id: number) => Promise<TResult>;
  isPending: boolean;
}

interface TArchiveRestoreOptions {
  archive: TIdMutation<TDeleteResult>;
  restore?: TIdMutation<unknown>;
  /** i18n keys of the success toasts, each given the row's `name`. */
  messages: { deleted: string; archived: string; restored?: string };
  /** How long a failed restore's message stays, when not the app's default. */
  restoreErrorMs?: number;
}

/**
 * A list's archive (asked once in a ConfirmDialog) and restore (at once): runs the mutation, says
 * how it went in a toast, and closes the confirmation only when the archive went through.
 */
export function useArchiveRestore<TRow extends { id: number; name: string }>({
  archive,
  restore,
  messages,
  restoreErrorMs,
}: TArchiveRestoreOptions) {
  const { t } = useTranslation();
  const [archiving, setArchiving] = useState<TRow | null>(null);

  const confirmArchive = async () => {
    if (!archiving) return;
    try {
      const { result } = await archive.mutateAsync(archiving.id);
      void toast(t(result === 'deleted' ? messages.deleted : messages.archived, { name: archiving.name }), {
        variant: 'success',
      });
      setArchiving(null);
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error' });
    }
  };

  const restoreRow = async (row: TRow) => {
    if (!restore || !messages.restored) return;
    try {
      await restore.mutateAsync(row.id);
      void toast(t(messages.restored, { name: row.name }), { variant: 'success' });
    } catch (error) {
      void toast(errorMessage(t, error), { variant: 'error', autoHideDuration: restoreErrorMs });
    }
  };

  return {
    /** The row waiting for the user's confirmation (its name goes in the dialog's message). */
    confirming: archiving,
    askArchive: (row: TRow) => setArchiving(row),
    restore: (row: TRow) => void restoreRow(row),
    /** Spread into the ConfirmDialog, with its title, message and label. */
    confirmProps: {
      open: archiving !== null,
      busy: archive.isPending,
      onClose: () => setArchiving(null),
      onConfirm: () => void confirmArchive(),
    },
  };
}
