import { useRef } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { TProductOption } from '../orders-api';
import { useProductSearch } from './use-product-search';

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
  const { list, autocomplete } = useProductSearch({ loadWhileClosed: value !== '', clearOnReset: true });
  // Names seen so far, so a product chosen earlier (or in a shared link) keeps its label.
  const known = useRef(new Map<number, TProductOption>());
  for (const product of list ?? []) known.current.set(product.id, product);

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
      {...autocomplete}
      value={selected}
      onChange={(_, product) => onChange(product ? String(product.id) : '')}
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
