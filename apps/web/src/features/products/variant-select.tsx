import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TProductVariant } from '@cod/shared';
import { useTranslation } from 'react-i18next';

interface TVariantSelectProps {
  variants: readonly TProductVariant[];
  value: number | null | undefined;
  onChange: (variantId: number | null) => void;
  error?: string;
  size?: 'small' | 'medium';
}

/** SPEC 5: a product with variants needs one chosen; each shows what is available. */
export function VariantSelect({ variants, value, onChange, error, size = 'medium' }: TVariantSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size={size}
      label={t('variants.variant')}
      required
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      error={Boolean(error)}
      helperText={error}
      fullWidth
    >
      {variants.map((variant) => (
        <MenuItem key={variant.id} value={variant.id}>
          {variant.name} · {t('stock.available_count', { count: variant.available })}
        </MenuItem>
      ))}
    </TextField>
  );
}
