import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TProduct } from '@cod/shared';
import { ProductThumbnail } from './product-thumbnail';

interface TProductIdentityProps {
  product: Pick<TProduct, 'name' | 'sku' | 'thumbnail_url'>;
  thumbnailSize?: number;
  /** What follows the name on the same line (the stock screen's low flag and variants toggle). */
  children?: ReactNode;
}

/** A product in a list row: its thumbnail, its name and its SKU under it. */
export function ProductIdentity({ product, thumbnailSize, children }: TProductIdentityProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <ProductThumbnail url={product.thumbnail_url} size={thumbnailSize} />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {product.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          <bdi>{product.sku}</bdi>
        </Typography>
      </Box>
      {children}
    </Box>
  );
}
