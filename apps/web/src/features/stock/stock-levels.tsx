import WarehouseOutlinedIcon from '@mui/icons-material/WarehouseOutlined';
import { ZProductListQuery, type TProduct } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/lists/paged-list';
import { useListState } from '../../components/lists/use-list-state';
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
    <PagedList
      query={levels}
      state={{ query, update }}
      filtered={filtered}
      toolbar={<ProductsFilters query={query} update={update} variant="stock" />}
      empty={{
        icon: <WarehouseOutlinedIcon fontSize="large" />,
        title: t('stock.empty_title'),
        message: t('stock.empty_message'),
      }}
    >
      {(page) => (
        <StockLevelsTable products={page.data} canManage={canManage} onAdjust={onAdjust} onHistory={onHistory} />
      )}
    </PagedList>
  );
}
