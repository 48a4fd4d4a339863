import type { Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TProduct } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { productKeys, stockKeys } from '../../lib/query-keys';
import { usePagedQuery } from '../../components/catalogue-kit/catalogue-queries';
import { SearchPicker, type TPickerRows } from '../../components/catalogue-kit/search-picker';
import { ProductThumbnail } from './product-thumbnail';

interface TProductPickerProps {
  value: TProduct | null;
  onChange: (product: TProduct | null) => void;
  label: string;
  /** The stock screens search the stock levels (their own permission), others the catalogue. */
  source?: 'stock' | 'products';
  error?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  size?: 'small' | 'medium';
}

const useStockRows: TPickerRows<TProduct> = (params) =>
  usePagedQuery<TProduct>(stockKeys.levels(params), '/dashboard/stock', params);
const useCatalogueRows: TPickerRows<TProduct> = (params) =>
  usePagedQuery<TProduct>(productKeys.list(params), '/dashboard/products', params);

/** Find a product by name or SKU, with its stock shown so the user picks knowingly. */
export function ProductPicker({ source = 'stock', size = 'medium', ...picker }: TProductPickerProps) {
  const { t } = useTranslation();
  return (
    <SearchPicker
      {...picker}
      size={size}
      useRows={source === 'stock' ? useStockRows : useCatalogueRows}
      noOptionsText={t('products.picker_none')}
      renderRow={(product) => (
        <>
          <ProductThumbnail url={product.thumbnail_url} size={32} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <bdi>{product.sku}</bdi> · {t('stock.available_count', { count: product.available })}
            </Typography>
          </Box>
        </>
      )}
    />
  );
}
