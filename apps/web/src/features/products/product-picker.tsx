import { useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TPaged, TProduct } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { api, queryString } from '../../lib/api-client';
import { productKeys, stockKeys } from '../../lib/query-keys';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { ProductThumbnail } from './product-thumbnail';

// Pickers search sooner than lists: the user is waiting on the dropdown.
const PICKER_DEBOUNCE_MS = 300;

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

/** Find a product by name or SKU, with its stock shown so the user picks knowingly. */
export function ProductPicker({
  value,
  onChange,
  label,
  source = 'stock',
  error,
  required,
  inputRef,
  onBlur,
  size = 'medium',
}: TProductPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, PICKER_DEBOUNCE_MS).trim();

  const params = { search: search || undefined, per_page: 25 };
  const path = source === 'stock' ? '/dashboard/stock' : '/dashboard/products';
  const options = useQuery({
    queryKey: source === 'stock' ? stockKeys.levels(params) : productKeys.list(params),
    queryFn: ({ signal }) => api.get<TPaged<TProduct>>(`${path}${queryString(params)}`, signal),
    placeholderData: keepPreviousData,
  });

  return (
    <Autocomplete
      value={value}
      onChange={(_, product) => onChange(product)}
      onBlur={onBlur}
      inputValue={text}
      onInputChange={(_, next) => setText(next)}
      options={options.data?.data ?? []}
      filterOptions={(list) => list}
      loading={options.isFetching}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      getOptionLabel={(product) => product.name}
      noOptionsText={t('products.picker_none')}
      loadingText={t('common.loading')}
      size={size}
      renderOption={({ key, ...props }, product) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5 }}>
          <ProductThumbnail url={product.thumbnail_url} size={32} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {product.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              <bdi>{product.sku}</bdi> · {t('stock.available_count', { count: product.available })}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(inputParams) => (
        <TextField
          {...inputParams}
          inputRef={inputRef}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
