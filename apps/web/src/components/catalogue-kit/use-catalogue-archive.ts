import { useArchiveRestore, type TDeleteResult } from '../lists/use-archive-restore';

interface TIdMutation<TResult> {
  mutateAsync: (id: number) => Promise<TResult>;
  isPending: boolean;
}

/**
 * useArchiveRestore for a catalogue section: its toasts are `<section>.deleted`, `.archived` and
 * `.restored`, each given the row's name.
 */
export function useCatalogueArchive<TRow extends { id: number; name: string }>(
  section: string,
  mutations: { archive: TIdMutation<TDeleteResult>; restore: TIdMutation<unknown>; restoreErrorMs?: number },
) {
  return useArchiveRestore<TRow>({
    ...mutations,
    messages: { deleted: `${section}.deleted`, archived: `${section}.archived`, restored: `${section}.restored` },
  });
}
