import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import { ZProductListQuery, type TProduct } from '@cod/shared';
import { useAppAbility } from '../../lib/ability';
import { useCatalogueArchive } from '../../components/catalogue-kit/use-catalogue-archive';
import { idParam, useListState } from '../../components/lists/use-list-state';
import { ArchiveConfirmDialog } from '../../components/catalogue-kit/archive-confirm-dialog';
import { CatalogueListPage } from '../../components/catalogue-kit/catalogue-list-page';
import { ProductDialog } from './product-dialog';
import { ProductsFilters } from './products-filters';
import { useArchiveProduct, useProductsQuery, useRestoreProduct } from './products-api';
import { ProductsCards } from './products-cards';
import { ProductsTable } from './products-table';

/** /dashboard/products: the catalogue (issue 3.1). */
export function ProductsPage() {
  const canManage = useAppAbility().can('manage', 'products');
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const list = useListState(ZProductListQuery);
  const { query, params, update, setDialog } = list;
  const products = useProductsQuery(query);
  const archiveRestore = useCatalogueArchive<TProduct>('products', {
    archive: useArchiveProduct(),
    restore: useRestoreProduct(),
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

  return (
    <CatalogueListPage
      section="products"
      emptyIcon={<Inventory2OutlinedIcon fontSize="large" />}
      query={products}
      state={list}
      filtered={filtered}
      toolbar={<ProductsFilters query={query} update={update} />}
      rows={(page) => (
        <ListLayout
          products={page.data}
          canManage={canManage}
          onEdit={(product) => setDialog({ dialog: 'edit', id: product.id })}
          onArchive={archiveRestore.askArchive}
          onRestore={archiveRestore.restore}
        />
      )}
    >
      {canManage && (dialog === 'create' || editId !== null) && (
        <ProductDialog productId={editId} onClose={() => setDialog(null)} />
      )}
      <ArchiveConfirmDialog section="products" archiveRestore={archiveRestore} />
    </CatalogueListPage>
  );
}
