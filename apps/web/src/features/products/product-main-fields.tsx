import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { formatDZD, type TProductFormValues } from '@cod/shared';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/bidi';
import { parseNumberInput, parseOptionalNumberInput } from '../../lib/number-input';
import { translateServerMessage } from '../../lib/server-message';

const moneyInput = (suffix: string) => ({
  htmlInput: { inputMode: 'decimal' as const, dir: 'ltr' },
  input: { endAdornment: <InputAdornment position="end">{suffix}</InputAdornment> },
});

/** Name, SKU, prices, the active switch, the low-stock threshold and the opening stock. */
export function ProductMainFields({ creating }: { creating: boolean }) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<TProductFormValues>();
  const { errors } = formState;
  const [price, costPrice, hasVariants] = useWatch({ control, name: ['price', 'cost_price', 'has_variants'] });
  const message = (field: 'name' | 'sku' | 'price' | 'cost_price' | 'low_stock_threshold' | 'initial_stock') =>
    translateServerMessage(t, errors[field]?.message);
  // A seller prices against the cost: show the margin per unit as soon as both are known.
  const margin =
    typeof price === 'number' && typeof costPrice === 'number' && Number.isFinite(price - costPrice)
      ? price - costPrice
      : null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <TextField
        {...register('name')}
        label={t('products.name')}
        required
        autoFocus={creating}
        error={Boolean(message('name'))}
        helperText={message('name')}
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      <TextField
        {...register('sku')}
        label={t('products.sku')}
        required
        error={Boolean(message('sku'))}
        helperText={message('sku') ?? t('products.sku_help')}
        slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
      />
      <Controller
        control={control}
        name="active"
        render={({ field }) => (
          <FormControlLabel
            sx={{ alignSelf: 'center' }}
            control={
              <Switch
                checked={field.value !== false}
                onChange={(event) => field.onChange(event.target.checked)}
                inputRef={field.ref}
              />
            }
            label={t('products.active_label')}
          />
        )}
      />
      <TextField
        {...register('price', { setValueAs: parseNumberInput })}
        label={t('products.price')}
        required
        error={Boolean(message('price'))}
        helperText={message('price') ?? (hasVariants ? t('products.price_variants_help') : undefined)}
        slotProps={moneyInput(t('common.currency_suffix'))}
      />
      <TextField
        {...register('cost_price', { setValueAs: parseOptionalNumberInput })}
        label={t('products.cost_price')}
        error={Boolean(message('cost_price'))}
        helperText={
          message('cost_price') ??
          (margin !== null ? t('products.margin', { margin: ltr(formatDZD(margin)) }) : undefined)
        }
        slotProps={moneyInput(t('common.currency_suffix'))}
      />
      <TextField
        {...register('low_stock_threshold', { setValueAs: parseOptionalNumberInput })}
        label={t('products.low_stock_threshold')}
        error={Boolean(message('low_stock_threshold'))}
        helperText={message('low_stock_threshold') ?? t('products.low_stock_threshold_help')}
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
      />
      {creating && !hasVariants && (
        <TextField
          {...register('initial_stock', { setValueAs: parseNumberInput })}
          label={t('products.initial_stock')}
          error={Boolean(message('initial_stock'))}
          helperText={message('initial_stock') ?? t('products.initial_stock_hint')}
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        />
      )}
    </Box>
  );
}
