import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { ZProductListQuery, type TProduct } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useAppAbility } from '../../lib/ability';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { AddButton } from '../../components/buttons/add-button';
import { useArchiveRestore } from '../../components/lists/use-archive-restore';
import { PagedList } from '../../components/lists/paged-list';
import { idParam, useListState } from '../../components/lists/use-list-state';
import { PageFrame } from '../../app/pages/page-frame';
import { ProductDialog } from './product-dialog';
import { ProductsFilters } from './products-filters';
import { useArchiveProduct, useProductsQuery, useRestoreProduct } from './products-api';
import { ProductsCards } from './products-cards';
import { ProductsTable } from './products-table';

/** /dashboard/products: the catalogue (issue 3.1). */
export function ProductsPage() {
  const { t } = useTranslation();
  const canManage = useAppAbility().can('manage', 'products');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { query, params, update, setDialog } = useListState(ZProductListQuery);
  const products = useProductsQuery(query);
  const archiveRestore = useArchiveRestore<TProduct>({
    archive: useArchiveProduct(),
    restore: useRestoreProduct(),
    messages: { deleted: 'products.deleted', archived: 'products.archived', restored: 'products.restored' },
    restoreErrorMs: 5000,
  });
  const dialog = params.get('dialog');
  const editId = dialog === 'edit' ? idParam(params) : null;
  const filtered = Boolean(
    query.search ||
    query.active !== undefined ||
    query.archived ||
    query.low_stock !== undefined ||
    query.has_variants !== undefined,
  );

  const ListLayout = phone ? ProductsCards : ProductsTable;

  const createButton = canManage && (
    <AddButton label={t('products.new')} onClick={() => setDialog({ dialog: 'create' })} />
  );

  return (
    <PageFrame title={t('nav.products')} subtitle={t('products.subtitle')} actions={createButton}>
      <PagedList
        query={products}
        state={{ query, update }}
        filtered={filtered}
        toolbar={<ProductsFilters query={query} update={update} />}
        empty={{
          icon: <Inventory2OutlinedIcon fontSize="large" />,
          title: t('products.empty_title'),
          message: t('products.empty_message'),
          action: createButton,
        }}
      >
        {(page) => (
          <ListLayout
            products={page.data}
            canManage={canManage}
            onEdit={(product) => setDialog({ dialog: 'edit', id: product.id })}
            onArchive={archiveRestore.askArchive}
            onRestore={archiveRestore.restore}
          />
        )}
      </PagedList>
      {canManage && (dialog === 'create' || editId !== null) && (
        <ProductDialog productId={editId} onClose={() => setDialog(null)} />
      )}
      <ConfirmDialog
        {...archiveRestore.confirmProps}
        title={t('products.archive_title')}
        message={t('products.archive_message', { name: archiveRestore.confirming?.name ?? '' })}
        confirmLabel={t('products.archive')}
        danger
      />
    </PageFrame>
  );
}
