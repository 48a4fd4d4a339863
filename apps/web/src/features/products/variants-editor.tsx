import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { formatDZD, MAX_VARIANTS, type TProductFormValues, type TProductVariant } from '@cod/shared';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/bidi';
import { parseNumberInput, parseOptionalNumberInput } from '../../lib/number-input';
import { newVariant } from './product-form-values';
import { VariantAttributesEditor } from './variant-attributes-editor';
import { translateServerMessage } from '../../lib/server-message';

interface TVariantsEditorProps {
  /** The saved variants (for their stock); new rows have none yet. */
  saved: readonly TProductVariant[];
  /** The product's price, offered as the price of a new variant. */
  defaultPrice?: number;
}

/**
 * What a variant's profit counts when its purchase cost is left empty (issue 13.6, decision 0103):
 * the product's cost price, else the unit cost of the variant's latest purchase.
 */
function costHint(
  t: ReturnType<typeof useTranslation>['t'],
  productCost: unknown,
  saved: TProductVariant | undefined,
): string {
  if (typeof productCost === 'number' && Number.isFinite(productCost)) {
    return t('variants.cost_from_product', { cost: ltr(formatDZD(productCost)) });
  }
  if (saved?.last_unit_cost != null) {
    return t('variants.cost_from_purchase', { cost: ltr(formatDZD(saved.last_unit_cost)) });
  }
  return t('variants.cost_hint');
}

/** Issue 3.1: variants with their own name, attributes, SKU, price, purchase cost and stock. */
export function VariantsEditor({ saved, defaultPrice }: TVariantsEditorProps) {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<TProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const productCost = useWatch({ control, name: 'cost_price' });
  const errors = formState.errors.variants;
  const listError = translateServerMessage(t, errors?.message ?? errors?.root?.message);
  const stockOf = new Map(saved.map((variant) => [variant.id, variant]));

  const message = (index: number, field: 'name' | 'sku' | 'price' | 'cost_price' | 'initial_stock') =>
    translateServerMessage(t, errors?.[index]?.[field]?.message);

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="variants-editor">
      {listError && <Alert severity="error">{listError}</Alert>}
      {fields.map((field, index) => {
        const savedVariant = field.id !== undefined ? stockOf.get(field.id) : undefined;
        return (
          <Paper key={field.key} variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="subtitle2" sx={{ flex: 1 }}>
                {t('variants.number', { number: index + 1 })}
              </Typography>
              {savedVariant && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('variants.stock_summary', {
                    on_hand: savedVariant.on_hand,
                    available: savedVariant.available,
                  })}
                />
              )}
              <Tooltip title={t('variants.remove')}>
                <IconButton aria-label={t('variants.remove_n', { number: index + 1 })} onClick={() => remove(index)}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            </Box>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField
                {...register(`variants.${index}.name`)}
                size="small"
                label={t('variants.name')}
                placeholder={t('variants.name_hint')}
                required
                error={Boolean(message(index, 'name'))}
                helperText={message(index, 'name')}
              />
              <TextField
                {...register(`variants.${index}.sku`)}
                size="small"
                label={t('products.sku')}
                required
                error={Boolean(message(index, 'sku'))}
                helperText={message(index, 'sku')}
                slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
              />
              <TextField
                {...register(`variants.${index}.price`, { setValueAs: parseNumberInput })}
                size="small"
                label={t('products.price')}
                required
                error={Boolean(message(index, 'price'))}
                helperText={message(index, 'price')}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', dir: 'ltr' },
                  input: {
                    endAdornment: <InputAdornment position="end">{t('common.currency_suffix')}</InputAdornment>,
                  },
                }}
              />
              <TextField
                {...register(`variants.${index}.cost_price`, { setValueAs: parseOptionalNumberInput })}
                size="small"
                label={t('variants.cost_price')}
                error={Boolean(message(index, 'cost_price'))}
                helperText={message(index, 'cost_price') ?? costHint(t, productCost, savedVariant)}
                slotProps={{
                  htmlInput: { inputMode: 'decimal', dir: 'ltr' },
                  input: {
                    endAdornment: <InputAdornment position="end">{t('common.currency_suffix')}</InputAdornment>,
                  },
                }}
              />
              {!savedVariant && (
                <TextField
                  {...register(`variants.${index}.initial_stock`, { setValueAs: parseNumberInput })}
                  size="small"
                  label={t('products.initial_stock')}
                  error={Boolean(message(index, 'initial_stock'))}
                  helperText={message(index, 'initial_stock') ?? t('products.initial_stock_hint')}
                  slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
                />
              )}
            </Box>
            <VariantAttributesEditor variantIndex={index} />
          </Paper>
        );
      })}
      {fields.length < MAX_VARIANTS && (
        <Box>
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => append({ ...newVariant(), price: defaultPrice as number })}
          >
            {t('variants.add')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
