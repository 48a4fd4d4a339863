import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import UnarchiveOutlinedIcon from '@mui/icons-material/UnarchiveOutlined';
import { useTranslation } from 'react-i18next';
import { ProductThumbnail } from './product-thumbnail';
import { ProductStatusChip, StockCell, priceLabel } from './products-table';
import type { TProductsTableProps } from './products-table';

/** The catalogue on a phone: one card per product instead of a table to scroll sideways. */
export function ProductsCards({ products, canManage, onEdit, onArchive, onRestore }: TProductsTableProps) {
  const { t } = useTranslation();
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('nav.products')}>
      {products.map((product) => (
        <Box
          component="li"
          key={product.id}
          data-testid="product-row"
          sx={{ display: 'flex', gap: 1.5, p: 2, borderBottom: 1, borderColor: 'divider' }}
        >
          <ProductThumbnail url={product.thumbnail_url} size={56} />
          <Box sx={{ flex: 1, minWidth: 0, display: 'grid', gap: 0.5 }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <bdi>{product.sku}</bdi>
            </Typography>
            <Typography variant="body2">
              <bdi>{priceLabel(product)}</bdi>
            </Typography>
            <StockCell product={product} labelled />
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              <ProductStatusChip product={product} />
              {product.has_variants && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('products.variants_count', { count: product.variants.length })}
                />
              )}
            </Box>
          </Box>
          {canManage && (
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              {product.archived_at ? (
                <IconButton
                  aria-label={t('products.restore_named', { name: product.name })}
                  onClick={() => onRestore(product)}
                >
                  <UnarchiveOutlinedIcon />
                </IconButton>
              ) : (
                <>
                  <IconButton
                    aria-label={t('products.edit_named', { name: product.name })}
                    onClick={() => onEdit(product)}
                  >
                    <EditOutlinedIcon />
                  </IconButton>
                  <IconButton
                    aria-label={t('products.archive_named', { name: product.name })}
                    onClick={() => onArchive(product)}
                  >
                    <ArchiveOutlinedIcon />
                  </IconButton>
                </>
              )}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
