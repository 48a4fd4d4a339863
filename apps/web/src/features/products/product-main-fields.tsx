import Box from '@mui/material/Box';
import { formatDZD, type TProductFormValues } from '@cod/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/bidi';
import { FormTextField } from '../../components/catalogue-kit/form-text-field';
import { FormCountField, FormMoneyField } from '../../components/catalogue-kit/form-number-fields';
import { FormSwitch } from '../../components/catalogue-kit/form-switch';

/** Name, SKU, prices, the active switch, the low-stock threshold and the opening stock. */
export function ProductMainFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<TProductFormValues>();
  const [price, costPrice, hasVariants] = useWatch({ control, name: ['price', 'cost_price', 'has_variants'] });
  // A seller prices against the cost: show the margin per unit as soon as both are known.
  const margin =
    typeof price === 'number' && typeof costPrice === 'number' && Number.isFinite(price - costPrice)
      ? price - costPrice
      : null;

  // Each field is labelled by its own name (`products.price`), as large as the dialog's other fields.
  const named = (name: 'name' | 'sku' | 'price' | 'cost_price' | 'low_stock_threshold' | 'initial_stock') =>
    ({ name, size: 'medium', label: t(`products.${name}`) }) as const;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <FormTextField {...named('name')} required autoFocus={creating} sx={{ gridColumn: { sm: '1 / -1' } }} />
      <FormTextField
        {...named('sku')}
        required
        hint={t('products.sku_help')}
        slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
      />
      <FormSwitch
        control={control}
        name="active"
        label={t('products.active_label')}
        onWhenUnset
        sx={{ alignSelf: 'center' }}
      />
      <FormMoneyField {...named('price')} required hint={hasVariants ? t('products.price_variants_help') : undefined} />
      <FormMoneyField
        {...named('cost_price')}
        optional
        hint={margin !== null ? t('products.margin', { margin: ltr(formatDZD(margin)) }) : undefined}
      />
      <FormCountField {...named('low_stock_threshold')} optional hint={t('products.low_stock_threshold_help')} />
      {creating && !hasVariants && (
        <FormCountField {...named('initial_stock')} hint={t('products.initial_stock_hint')} />
      )}
    </Box>
  );
}
