import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { formatDZD, type TProduct } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ArchiveRowActions, type TArchiveRowHandlers } from '../../components/catalogue-kit/archive-row-actions';
import { ProductIdentity } from './product-identity';
import { ListTable } from '../../components/lists/list-table';
import { actionsColumn } from '../../components/catalogue-kit/actions-column';

/** A product with variants sells at its variants' prices: show their range. */
export function priceLabel(product: Pick<TProduct, 'price' | 'has_variants' | 'variants'>): string {
  const prices = product.has_variants ? product.variants.map((variant) => variant.price) : [];
  if (!prices.length) return formatDZD(product.price);
  const min = Math.min(...prices);
  const max = Math.max(...prices);
  return min === max ? formatDZD(min) : `${formatDZD(min)} – ${formatDZD(max)}`;
}

export function ProductStatusChip({ product }: { product: TProduct }) {
  const { t } = useTranslation();
  if (product.archived_at) return <Chip size="small" label={t('products.status.archived')} />;
  return product.active ? (
    <Chip size="small" color="success" variant="outlined" label={t('products.status.active')} />
  ) : (
    <Chip size="small" color="default" variant="outlined" label={t('products.status.inactive')} />
  );
}

/** Available (what can still be sold) first, on hand below; the low-stock flag of SPEC 9. */
export function StockCell({
  product,
  labelled = false,
}: {
  product: Pick<TProduct, 'available' | 'on_hand' | 'is_low_stock' | 'low_stock_threshold'>;
  /** Without a column header above it (the phone cards), the figure says what it is. */
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {labelled ? t('stock.available_count', { count: product.available }) : <bdi>{product.available}</bdi>}
        </Typography>
        {product.is_low_stock && (
          <Tooltip title={t('stock.low_tooltip', { threshold: product.low_stock_threshold })}>
            <Chip
              size="small"
              color="warning"
              icon={<WarningAmberIcon />}
              label={t('stock.low')}
              data-testid="low-stock-chip"
            />
          </Tooltip>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('stock.on_hand_count', { count: product.on_hand })}
      </Typography>
    </Box>
  );
}

export interface TProductsTableProps extends TArchiveRowHandlers<TProduct> {
  products: TProduct[];
  canManage: boolean;
}

export function ProductsTable({ products, canManage, ...handlers }: TProductsTableProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      columns={[
        { label: t('products.product'), sx: { minWidth: 220 } },
        t('products.price'),
        t('stock.available'),
        t('products.variants_column'),
        t('products.status_column'),
        canManage && actionsColumn(t),
      ]}
      sx={{ minWidth: 720 }}
      aria-label={t('nav.products')}
    >
      {products.map((product) => (
        <TableRow key={product.id} hover data-testid="product-row">
          <TableCell>
            <ProductIdentity product={product} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <bdi>{priceLabel(product)}</bdi>
          </TableCell>
          <TableCell>
            <StockCell product={product} />
          </TableCell>
          <TableCell>
            {product.has_variants ? (
              <Tooltip title={product.variants.map((variant) => variant.name).join(', ')}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('products.variants_count', { count: product.variants.length })}
                />
              </Tooltip>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('products.no_variants')}
              </Typography>
            )}
          </TableCell>
          <TableCell>
            <ProductStatusChip product={product} />
          </TableCell>
          {canManage && (
            <TableCell sx={{ whiteSpace: 'nowrap', textAlign: 'end' }}>
              <ArchiveRowActions section="products" row={product} {...handlers} />
            </TableCell>
          )}
        </TableRow>
      ))}
    </ListTable>
  );
}
