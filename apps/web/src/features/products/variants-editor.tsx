import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { formatDZD, MAX_VARIANTS, type TProductFormValues, type TProductVariant } from '@cod/shared';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../lib/bidi';
import { newVariant } from './product-form-values';
import { VariantAttributesEditor } from './variant-attributes-editor';
import { translateServerMessage } from '../../lib/server-message';
import { FormTextField } from '../../components/catalogue-kit/form-text-field';
import { FormCountField, FormMoneyField } from '../../components/catalogue-kit/form-number-fields';
import { CollectionAddButton, CollectionItemCard } from '../../components/catalogue-kit/collection-controls';

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
  const { control, formState } = useFormContext<TProductFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'variants', keyName: 'key' });
  const productCost = useWatch({ control, name: 'cost_price' });
  const errors = formState.errors.variants;
  const listError = translateServerMessage(t, errors?.message ?? errors?.root?.message);
  const stockOf = new Map(saved.map((variant) => [variant.id, variant]));

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="variants-editor">
      {listError && <Alert severity="error">{listError}</Alert>}
      {fields.map((field, index) => {
        const savedVariant = field.id !== undefined ? stockOf.get(field.id) : undefined;
        const path = (name: 'name' | 'sku' | 'price' | 'cost_price' | 'initial_stock') =>
          `variants.${index}.${name}` as const;
        return (
          <CollectionItemCard
            key={field.key}
            section="variants"
            number={index + 1}
            onRemove={() => remove(index)}
            actions={
              savedVariant && (
                <Chip
                  size="small"
                  label={t('variants.stock_summary', {
                    on_hand: savedVariant.on_hand,
                    available: savedVariant.available,
                  })}
                />
              )
            }
          >
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <FormTextField<TProductFormValues>
                name={path('name')}
                label={t('variants.name')}
                placeholder={t('variants.name_hint')}
                required
              />
              <FormTextField<TProductFormValues>
                name={path('sku')}
                label={t('products.sku')}
                required
                slotProps={{ htmlInput: { dir: 'ltr', autoCapitalize: 'characters', spellCheck: false } }}
              />
              <FormMoneyField<TProductFormValues> name={path('price')} label={t('products.price')} required />
              <FormMoneyField<TProductFormValues>
                name={path('cost_price')}
                label={t('variants.cost_price')}
                optional
                hint={costHint(t, productCost, savedVariant)}
              />
              {!savedVariant && (
                <FormCountField<TProductFormValues>
                  name={path('initial_stock')}
                  label={t('products.initial_stock')}
                  hint={t('products.initial_stock_hint')}
                />
              )}
            </Box>
            <VariantAttributesEditor variantIndex={index} />
          </CollectionItemCard>
        );
      })}
      <CollectionAddButton
        count={fields.length}
        max={MAX_VARIANTS}
        label={t('variants.add')}
        onAdd={() => append({ ...newVariant(), price: defaultPrice as number })}
      />
    </Box>
  );
}
