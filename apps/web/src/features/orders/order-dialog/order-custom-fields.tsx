import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CustomFieldInputs } from '../custom-fields/custom-field-inputs';
import type { TProductWithFields } from '../custom-fields/custom-field-rules';
import type { TProductOption } from '../orders-api';
import type { TOrderFormState } from './order-form-values';
import { translateServerMessage } from '../../../lib/server-message';

type TNestedErrors = Record<string, Record<string, { message?: string } | undefined> | undefined> | undefined;

/**
 * SPEC 5: the custom fields of the products on the order; a required one left empty says
 * '{product}: {label} is required' (a checkbox is always filled).
 */
export function OrderCustomFields({ products }: { products: ReadonlyMap<number, TProductOption> }) {
  const { t } = useTranslation();
  const { control, setValue, getValues, formState } = useFormContext<TOrderFormState>();
  const [lines, answers] = useWatch({ control, name: ['products', 'customer_custom_fields'] });
  const withFields: TProductWithFields[] = [];
  for (const line of lines) {
    const product = line.product_id === '' ? undefined : products.get(line.product_id);
    if (product?.custom_fields.length && !withFields.some((p) => p.id === product.id)) withFields.push(product);
  }
  if (withFields.length === 0) return null;
  const errors = formState.errors.customer_custom_fields as unknown as TNestedErrors;

  return (
    <Box component="section" sx={{ display: 'grid', gap: 1.5 }} data-testid="order-custom-fields">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('orders.form.custom_fields')}
      </Typography>
      <CustomFieldInputs
        products={withFields}
        values={answers}
        onChange={(productId, label, value) => {
          const current = getValues('customer_custom_fields');
          const key = String(productId);
          setValue(
            'customer_custom_fields',
            { ...current, [key]: { ...current[key], [label]: value } },
            { shouldValidate: formState.isSubmitted },
          );
        }}
        errorOf={(productId, label) => translateServerMessage(t, errors?.[String(productId)]?.[label]?.message)}
      />
    </Box>
  );
}
