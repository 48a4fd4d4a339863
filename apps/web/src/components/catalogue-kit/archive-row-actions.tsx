import type { ReactNode } from 'react';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import { useTranslation } from 'react-i18next';
import { RowActionButton } from '../lists/row-action-button';

type TArchivableRow = { name: string; archived_at: string | null };

/** What a catalogue table does with a row it manages. */
export interface TArchiveRowHandlers<TRow> {
  onEdit: (row: TRow) => void;
  onArchive: (row: TRow) => void;
  onRestore: (row: TRow) => void;
}

interface TArchiveRowActionsProps<TRow extends TArchivableRow> extends TArchiveRowHandlers<TRow> {
  /** The i18n section: `<section>.edit_named`, `.archive_named`, `.restore_named` (given the row's name). */
  section: string;
  row: TRow;
}

/** A catalogue row's manage actions: edit and archive while it is live, restore once archived. */
export function ArchiveRowActions<TRow extends TArchivableRow>({ section, row, ...on }: TArchiveRowActionsProps<TRow>) {
  const { t } = useTranslation();
  const actions: { title: string; named: string; icon: ReactNode; run: (row: TRow) => void }[] = row.archived_at
    ? [{ title: 'products.restore', named: 'restore_named', icon: <UnarchiveOutlinedIcon />, run: on.onRestore }]
    : [
        { title: 'common.edit', named: 'edit_named', icon: <EditOutlinedIcon />, run: on.onEdit },
        { title: 'products.archive', named: 'archive_named', icon: <ArchiveOutlinedIcon />, run: on.onArchive },
      ];
  return actions.map((action) => (
    <RowActionButton
      key={action.named}
      title={t(action.title)}
      label={t(`${section}.${action.named}`, { name: row.name })}
      icon={action.icon}
      onClick={() => action.run(row)}
    />
  ));
}
