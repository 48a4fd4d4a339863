import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { useAppAbility } from '../../lib/ability';
import { AddButton } from '../buttons/add-button';
import { PagedList, type TPagedListProps } from '../lists/paged-list';

type TCatalogueListPageProps<TPage extends { data: unknown[]; total: number }> = Omit<
  TPagedListProps<TPage>,
  'empty' | 'children' | 'state'
> & {
  /**
   * The screen's i18n section, also its permission subject: `nav.<section>` is its title,
   * `<section>.subtitle`, `.new`, `.empty_title` and `.empty_message` its other words, and the
   * "new" button shows to whoever may manage `<section>`.
   */
  section: string;
  /** The list's URL state (useListState): its page, and `?dialog=create` that "new" opens. */
  state: TPagedListProps<TPage>['state'] & { setDialog: (dialog: { dialog: 'create' }) => void };
  /** Another icon than + on the "new" button. */
  createIcon?: ReactNode;
  /** The large icon of the empty list. */
  emptyIcon: ReactNode;
  /** The rows of a page (a table, cards). */
  rows: (page: TPage) => ReactNode;
  /** The dialogs the screen opens over its list. */
  children?: ReactNode;
};

/**
 * A catalogue screen (products, providers, customers, sales channels): its title and "new" button,
 * its paged list (empty, filtered, rows, pagination) and the dialogs over it.
 */
export function CatalogueListPage<TPage extends { data: unknown[]; total: number }>({
  section,
  state,
  createIcon,
  emptyIcon,
  rows,
  children,
  ...list
}: TCatalogueListPageProps<TPage>) {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', section);
  const createButton = canManage && (
    <AddButton label={t(`${section}.new`)} icon={createIcon} onClick={() => state.setDialog({ dialog: 'create' })} />
  );
  return (
    <PageFrame title={t(`nav.${section}`)} subtitle={t(`${section}.subtitle`)} actions={createButton}>
      <PagedList
        {...list}
        state={state}
        empty={{
          icon: emptyIcon,
          title: t(`${section}.empty_title`),
          message: t(`${section}.empty_message`),
          action: createButton,
        }}
      >
        {rows}
      </PagedList>
      {children}
    </PageFrame>
  );
}
