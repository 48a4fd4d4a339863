import { useEffect, useState, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDZD } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { narrowWhileTyping, useProductOptionsQuery, type TProductOption } from '../orders-api';

const SEARCH_DEBOUNCE_MS = 300;

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
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const options = useProductOptionsQuery(search, open);
  const list = options.data?.data;

  // The form needs every product it has seen (variants, custom fields) to check and total the lines.
  useEffect(() => {
    if (list) onOptions(list);
  }, [list, onOptions]);

  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_, product) => onChange(product)}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') setText(next);
        if (reason === 'clear') setText('');
      }}
      options={list ?? []}
      filterOptions={(items) => narrowWhileTyping(items, text, search)}
      loading={options.isFetching}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(product) => product.name}
      noOptionsText={t('orders.filters.no_products')}
      loadingText={t('common.loading')}
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
