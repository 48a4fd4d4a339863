import { useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { narrowWhileTyping, useProductOptionsQuery, type TProductOption } from '../orders-api';

// The picker searches as the user types; the list's own debounce then applies the choice.
const SEARCH_DEBOUNCE_MS = 300;

interface TProductFilterProps {
  /** The product id in the URL, '' for any. */
  value: string;
  onChange: (productId: string) => void;
  sx?: SxProps<Theme>;
  /** Another form's picker (an ad-spend expense): its label, placeholder, test id, and the chosen product's name. */
  label?: string;
  placeholder?: string;
  testId?: string;
  selectedName?: string | null;
}

/** The product filter: search the products the user may sell, pick one. */
export function ProductFilter({ value, onChange, sx, label, placeholder, testId, selectedName }: TProductFilterProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, SEARCH_DEBOUNCE_MS).trim();
  const [open, setOpen] = useState(false);
  // Names seen so far, so a product chosen earlier (or in a shared link) keeps its label.
  const known = useRef(new Map<number, TProductOption>());
  const options = useProductOptionsQuery(search, open || value !== '');
  for (const product of options.data?.data ?? []) known.current.set(product.id, product);

  const id = value === '' ? null : Number(value);
  const selected =
    id === null
      ? null
      : (known.current.get(id) ?? {
          id,
          name: selectedName ?? `#${id}`,
          sku: '',
          price: 0,
          has_variants: false,
          variants: [],
          custom_fields: [],
        });

  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      onChange={(_, product) => onChange(product ? String(product.id) : '')}
      onInputChange={(_, next, reason) => {
        if (reason === 'input') setText(next);
        if (reason === 'clear' || reason === 'reset') setText('');
      }}
      options={options.data?.data ?? []}
      filterOptions={(list) => narrowWhileTyping(list, text, search)}
      loading={options.isFetching}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(product) => product.name}
      noOptionsText={t('orders.filters.no_products')}
      loadingText={t('common.loading')}
      sx={sx}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label ?? t('orders.filters.product')}
          placeholder={placeholder ?? t('orders.filters.any')}
          InputLabelProps={{ ...params.InputLabelProps, shrink: true }}
          data-testid={testId ?? 'filter-product'}
        />
      )}
    />
  );
}
