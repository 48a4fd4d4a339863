import { Fragment, useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import HistoryIcon from '@mui/icons-material/History';
import TuneIcon from '@mui/icons-material/Tune';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { TProduct } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ProductIdentity } from '../products/product-identity';
import { RowActionButton } from '../../components/lists/row-action-button';
import { ListTable } from '../../components/lists/list-table';
import { actionsColumn } from '../../components/catalogue-kit/actions-column';

interface TStockLevelsTableProps {
  products: TProduct[];
  canManage: boolean;
  onAdjust: (product: TProduct) => void;
  onHistory: (product: TProduct) => void;
}

const figure = { fontVariantNumeric: 'tabular-nums', textAlign: 'end' } as const;
/** The count columns, in order (`stock.<name>` heads each). */
const FIGURE_COLUMNS = ['on_hand', 'reserved', 'available', 'threshold'] as const;

/** Balances per product, and per variant under it (issue 3.4), with the low-stock flag. */
export function StockLevelsTable({ products, canManage, onAdjust, onHistory }: TStockLevelsTableProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <ListTable
      columns={[
        t('products.product'),
        ...FIGURE_COLUMNS.map((name) => ({ label: t(`stock.${name}`), sx: figure })),
        actionsColumn(t),
      ]}
      sx={{ minWidth: 760 }}
      aria-label={t('stock.levels')}
    >
      {products.map((product) => (
        <Fragment key={product.id}>
          <TableRow hover data-testid="stock-row">
            <TableCell>
              <ProductIdentity product={product} thumbnailSize={36}>
                {product.is_low_stock && (
                  <Chip size="small" color="warning" icon={<WarningAmberIcon />} label={t('stock.low')} />
                )}
                {product.has_variants && (
                  <Button
                    size="small"
                    onClick={() => toggle(product.id)}
                    aria-expanded={open.has(product.id)}
                    endIcon={open.has(product.id) ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                    sx={{ marginInlineStart: 'auto', whiteSpace: 'nowrap' }}
                  >
                    {t('products.variants_count', { count: product.variants.length })}
                  </Button>
                )}
              </ProductIdentity>
            </TableCell>
            <TableCell sx={figure}>{product.on_hand}</TableCell>
            <TableCell sx={figure}>{product.reserved}</TableCell>
            <TableCell sx={{ ...figure, fontWeight: 700, color: product.is_low_stock ? 'warning.dark' : undefined }}>
              {product.available}
            </TableCell>
            <TableCell sx={figure}>{product.low_stock_threshold ?? '—'}</TableCell>
            <TableCell sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
              <RowActionButton
                title={t('stock.history')}
                label={t('stock.history_named', { name: product.name })}
                icon={<HistoryIcon />}
                onClick={() => onHistory(product)}
              />
              {canManage && (
                <RowActionButton
                  title={t('stock.adjust')}
                  label={t('stock.adjust_named', { name: product.name })}
                  icon={<TuneIcon />}
                  onClick={() => onAdjust(product)}
                />
              )}
            </TableCell>
          </TableRow>
          {open.has(product.id) &&
            product.variants.map((variant) => (
              <TableRow key={`v${variant.id}`} sx={{ bgcolor: 'action.hover' }}>
                <TableCell sx={{ paddingInlineStart: 8 }}>
                  <Typography variant="body2">{variant.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    <bdi>{variant.sku}</bdi>
                  </Typography>
                </TableCell>
                <TableCell sx={figure}>{variant.on_hand}</TableCell>
                <TableCell sx={figure}>{variant.reserved}</TableCell>
                <TableCell sx={{ ...figure, fontWeight: 600 }}>{variant.available}</TableCell>
                <TableCell />
                <TableCell />
              </TableRow>
            ))}
        </Fragment>
      ))}
    </ListTable>
  );
}
