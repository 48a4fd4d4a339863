import Paper from '@mui/material/Paper';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import { STOCK_MOVEMENT_KINDS, ZStockMovementListQuery, type TStockMovementKind } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../components/lists/filter-select';
import { ListPagination } from '../../components/lists/list-pagination';
import { ListEmpty, ListError, ListLoading, ListRefreshing } from '../../components/lists/list-states';
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
    <Paper sx={{ overflow: 'hidden' }}>
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
      <ListRefreshing active={movements.isFetching && !movements.isLoading} />
      {movements.isLoading ? (
        <ListLoading />
      ) : movements.isError && !movements.data ? (
        <ListError error={movements.error} onRetry={() => void movements.refetch()} />
      ) : !movements.data?.data.length ? (
        <ListEmpty
          icon={filtered ? <SearchOffOutlinedIcon fontSize="large" /> : <ReceiptLongOutlinedIcon fontSize="large" />}
          title={filtered ? t('lists.no_match_title') : t('stock.movements_empty_title')}
          message={filtered ? t('lists.no_match_message') : t('stock.movements_empty_message')}
        />
      ) : (
        <>
          <StockMovementsTable movements={movements.data.data} />
          <ListPagination total={movements.data.total} page={query.page} perPage={query.per_page} onChange={update} />
        </>
      )}
    </Paper>
  );
}
