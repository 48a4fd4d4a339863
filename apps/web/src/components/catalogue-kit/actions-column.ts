import type { TFunction } from 'i18next';
import type { TListColumn } from '../lists/list-table';

/** The last heading of a list with row actions: "Actions", at the end of the row like its buttons. */
export const actionsColumn = (t: TFunction): TListColumn => ({ label: t('lists.actions'), sx: { textAlign: 'end' } });
