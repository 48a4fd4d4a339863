import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../dialogs/confirm-dialog';
import type { useArchiveRestore } from '../lists/use-archive-restore';

interface TArchiveConfirmDialogProps {
  /** The i18n section: `<section>.archive_title` and `.archive_message` (given the row's `name`). */
  section: string;
  archiveRestore: Pick<ReturnType<typeof useArchiveRestore>, 'confirming' | 'confirmProps'>;
}

/** "Archive this row?" of a catalogue list, opened by useArchiveRestore's askArchive. */
export function ArchiveConfirmDialog({ section, archiveRestore }: TArchiveConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      {...archiveRestore.confirmProps}
      title={t(`${section}.archive_title`)}
      message={t(`${section}.archive_message`, { name: archiveRestore.confirming?.name ?? '' })}
      confirmLabel={t('products.archive')}
      danger
    />
  );
}
