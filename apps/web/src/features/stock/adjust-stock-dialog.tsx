import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { ZStockAdjustmentInput, type TProduct, type TStockAdjustmentInput } from '@cod/shared';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { mappedResolver } from '../../lib/mapped-resolver';
import { parseNumberInput } from '../../lib/number-input';
import { NoteField } from '../../components/catalogue-kit/note-field';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { ProductPicker } from '../products/product-picker';
import { VariantSelect } from '../products/variant-select';
import { useAdjustStock } from './stock-api';
import { StockFigures } from './stock-figures';

interface TAdjustForm {
  product_id?: number;
  variant_id?: number | null;
  direction: 'add' | 'remove';
  /** Typed as a positive count; the direction gives its sign. */
  quantity?: number;
  reason: string;
}

/** The form is "add/remove N"; the API takes a signed quantity. Same shared schema after that. */
export function toAdjustment(values: TAdjustForm): Record<string, unknown> {
  const quantity =
    values.quantity === undefined ? undefined : values.direction === 'remove' ? -values.quantity : values.quantity;
  return { product_id: values.product_id, variant_id: values.variant_id ?? null, quantity, reason: values.reason };
}

const resolver = mappedResolver(ZStockAdjustmentInput, toAdjustment);

const FIELDS = ['product_id', 'variant_id', 'quantity', 'reason'];

/** Issue 3.4: a counted correction, + or -, always with its reason (who and when are recorded). */
export function AdjustStockDialog({
  initialProduct,
  onClose,
}: {
  initialProduct: TProduct | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const adjust = useAdjustStock();
  const [product, setProduct] = useState<TProduct | null>(initialProduct);
  const { form, serverError, fieldError, field, dialogProps } = useDialogForm<TAdjustForm, TStockAdjustmentInput>({
    resolver,
    defaultValues: { product_id: initialProduct?.id, variant_id: null, direction: 'add', reason: '' },
    fields: FIELDS,
    onClose,
    submit: async (input) => {
      await adjust.mutateAsync(input);
      void toast(t('stock.adjusted', { name: variant ? `${product?.name} - ${variant.name}` : product?.name }), {
        variant: 'success',
      });
      onClose();
    },
  });
  const { control, register, setValue, formState } = form;
  const [variantId, direction, quantity] = useWatch({ control, name: ['variant_id', 'direction', 'quantity'] });
  const variant = product?.variants.find((v) => v.id === variantId) ?? null;
  const target = product?.has_variants ? variant : product;
  const delta =
    typeof quantity === 'number' && Number.isFinite(quantity) ? (direction === 'remove' ? -quantity : quantity) : null;

  return (
    <ResponsiveDialog
      {...dialogProps}
      title={t('stock.adjust_title')}
      testId="adjust-stock-dialog"
      submit={{ submitLabel: t('stock.adjust_submit') }}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {serverError && (
          <Alert severity="error" role="alert" data-testid="stock-error">
            {serverError}
          </Alert>
        )}
        <ProductPicker
          label={t('products.product')}
          required
          value={product}
          error={fieldError('product_id')}
          onChange={(next) => {
            setProduct(next);
            setValue('product_id', next?.id, { shouldValidate: formState.isSubmitted });
            setValue('variant_id', null);
          }}
        />
        {product?.has_variants && (
          <VariantSelect
            control={control}
            name="variant_id"
            variants={product.variants}
            error={fieldError('variant_id')}
          />
        )}
        {target && (
          <StockFigures
            onHand={target.on_hand}
            reserved={target.reserved}
            available={target.available}
            after={delta === null ? null : target.on_hand + delta}
          />
        )}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Controller
            control={control}
            name="direction"
            render={({ field }) => (
              <ToggleButtonGroup
                exclusive
                color={field.value === 'remove' ? 'error' : 'success'}
                value={field.value}
                onChange={(_, next) => next && field.onChange(next)}
                aria-label={t('stock.direction')}
              >
                <ToggleButton value="add">
                  <AddIcon fontSize="small" sx={{ marginInlineEnd: 0.5 }} />
                  {t('stock.add')}
                </ToggleButton>
                <ToggleButton value="remove">
                  <RemoveIcon fontSize="small" sx={{ marginInlineEnd: 0.5 }} />
                  {t('stock.remove')}
                </ToggleButton>
              </ToggleButtonGroup>
            )}
          />
          <TextField
            {...register('quantity', { setValueAs: parseNumberInput })}
            label={t('stock.quantity')}
            required
            error={Boolean(fieldError('quantity'))}
            helperText={fieldError('quantity')}
            sx={{ flex: '1 1 140px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
          />
        </Box>
        <NoteField {...field('reason')} label={t('stock.reason')} placeholder={t('stock.reason_hint')} required />
      </Box>
    </ResponsiveDialog>
  );
}
