import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TProductVariant } from '@cod/shared';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

interface TVariantSelectProps<TForm extends FieldValues, TOutput> {
  variants: readonly TProductVariant[];
  control: Control<TForm, unknown, TOutput>;
  /** The form's variant id field (null while none is chosen). */
  name: Path<TForm>;
  error?: string;
  size?: 'small' | 'medium';
}

/** SPEC 5: a product with variants needs one chosen; each shows what is available. */
export function VariantSelect<TForm extends FieldValues, TOutput>({
  variants,
  control,
  name,
  error,
  size = 'medium',
}: TVariantSelectProps<TForm, TOutput>) {
  const { t } = useTranslation();
  const { field } = useController({ control, name });
  return (
    <TextField
      select
      size={size}
      label={t('variants.variant')}
      required
      value={field.value ?? ''}
      onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
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
