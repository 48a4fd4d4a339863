import { useEffect, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDZD } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import type { TProductOption } from '../orders-api';
import { useProductSearch } from '../filters/use-product-search';

interface TOrderProductPickerProps {
  value: TProductOption | null;
  onChange: (product: TProductOption | null) => void;
  onOptions: (products: readonly TProductOption[]) => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
}

/** The order form's product picker (GET /dashboard/products/options: what the user may sell). */
export function OrderProductPicker({ value, onChange, onOptions, error, inputRef, testId }: TOrderProductPickerProps) {
  const { t } = useTranslation();
  const { list, autocomplete } = useProductSearch();

  // The form needs every product it has seen (variants, custom fields) to check and total the lines.
  useEffect(() => {
    if (list) onOptions(list);
  }, [list, onOptions]);

  return (
    <Autocomplete
      {...autocomplete}
      value={value}
      onChange={(_, product) => onChange(product)}
      renderOption={({ key, ...props }, product) => (
        <Box component="li" key={key} {...props} sx={{ display: 'grid !important', gap: 0.25 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            <bdi>{product.name}</bdi>
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <bdi>{formatDZD(product.price)}</bdi>
            {product.available !== undefined && ` · ${t('orders.form.available', { count: product.available })}`}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          required
          label={t('orders.form.product')}
          error={Boolean(error)}
          helperText={error}
          data-testid={testId}
        />
      )}
    />
  );
}
