import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import { STOCK_MOVEMENT_KINDS, ZStockMovementListQuery, type TStockMovementKind } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/lists/filter-select';
import { PagedList } from '../../components/lists/paged-list';
import { ListToolbar } from '../../components/lists/list-toolbar';
import { useListState } from '../../components/lists/use-list-state';
import { ProductPicker } from '../products/product-picker';
import { useProductQuery } from '../products/products-api';
import { useStockMovementsQuery } from './stock-api';
import { StockMovementsTable } from './stock-movements-table';

/** The "movements" tab: the history, filterable by product and kind (`?tab=movements&product_id=`). */
export function StockMovements() {
  const { t } = useTranslation();
  const { query, update } = useListState(ZStockMovementListQuery);
  const movements = useStockMovementsQuery({ ...query, search: undefined, provider_id: undefined });
  // The filter shows the product's name; the URL holds only its id.
  const product = useProductQuery(query.product_id ?? null);
  const filtered = query.product_id !== undefined || query.kind !== undefined;

  return (
    <PagedList
      query={movements}
      state={{ query, update }}
      filtered={filtered}
      toolbar={
        <ListToolbar onClear={filtered ? () => update({ product_id: null, variant_id: null, kind: null }) : undefined}>
          <Box sx={{ flex: { xs: '1 1 100%', sm: '0 1 320px' }, minWidth: 0 }}>
            <ProductPicker
              size="small"
              label={t('stock.filter_product')}
              value={query.product_id !== undefined ? (product.data ?? null) : null}
              onChange={(next) => update({ product_id: next?.id ?? null, variant_id: null })}
            />
          </Box>
          <FilterSelect<'' | TStockMovementKind>
            label={t('stock.kind')}
            value={query.kind ?? ''}
            minWidth={200}
            onChange={(kind) => update({ kind })}
            options={[
              { value: '', label: t('lists.any') },
              ...STOCK_MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`stock.kinds.${kind}`) })),
            ]}
          />
        </ListToolbar>
      }
      empty={{
        icon: <ReceiptLongOutlinedIcon fontSize="large" />,
        title: t('stock.movements_empty_title'),
        message: t('stock.movements_empty_message'),
      }}
    >
      {(page) => <StockMovementsTable movements={page.data} />}
    </PagedList>
  );
}
