import Paper from '@mui/material/Paper';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import { ZProductListQuery, type TProduct } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../lists/list-pagination';
import { ListEmpty, ListError, ListLoading, ListRefreshing } from '../lists/list-states';
import { useListState } from '../lists/use-list-state';
import { ProductsFilters } from '../products/products-filters';
import { useStockLevelsQuery } from './stock-api';
import { StockLevelsTable } from './stock-levels-table';

interface TStockLevelsProps {
  canManage: boolean;
  onAdjust: (product: TProduct) => void;
  onHistory: (product: TProduct) => void;
}

/** The "levels" tab: what is on hand, reserved and available, searchable, low stock first to find. */
export function StockLevels({ canManage, onAdjust, onHistory }: TStockLevelsProps) {
  const { t } = useTranslation();
  const { query, update } = useListState(ZProductListQuery);
  const levels = useStockLevelsQuery({ ...query, active: undefined, archived: undefined, has_variants: undefined });
  const filtered = Boolean(query.search) || query.low_stock !== undefined;

  return (
    <Paper sx={{ overflow: 'hidden' }}>
      <ProductsFilters query={query} update={update} variant="stock" />
      <ListRefreshing active={levels.isFetching && !levels.isLoading} />
      {levels.isLoading ? (
        <ListLoading />
      ) : levels.isError && !levels.data ? (
        <ListError error={levels.error} onRetry={() => void levels.refetch()} />
      ) : !levels.data?.data.length ? (
        <ListEmpty
          icon={filtered ? <SearchOffOutlinedIcon fontSize="large" /> : <WarehouseOutlinedIcon fontSize="large" />}
          title={filtered ? t('lists.no_match_title') : t('stock.empty_title')}
          message={filtered ? t('lists.no_match_message') : t('stock.empty_message')}
        />
      ) : (
        <>
          <StockLevelsTable
            products={levels.data.data}
            canManage={canManage}
            onAdjust={onAdjust}
            onHistory={onHistory}
          />
          <ListPagination total={levels.data.total} page={query.page} perPage={query.per_page} onChange={update} />
        </>
      )}
    </Paper>
  );
}
