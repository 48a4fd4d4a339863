import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { ZStockAdjustmentInput, type TProduct, type TStockAdjustmentInput } from '@cod/shared';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { translateCatalogueMessage } from '../lists/catalogue-messages';
import { mappedResolver } from '../lists/mapped-resolver';
import { parseNumberInput } from '../lists/number-input';
import { ResponsiveDialog } from '../lists/responsive-dialog';
import { applyServerErrors, fieldMatcher } from '../lists/server-errors';
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

const isField = fieldMatcher(['product_id', 'variant_id', 'quantity', 'reason']);

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
  const { control, register, handleSubmit, setError, setValue, formState } = useForm<
    TAdjustForm,
    unknown,
    TStockAdjustmentInput
  >({
    resolver,
    defaultValues: { product_id: initialProduct?.id, variant_id: null, direction: 'add', reason: '' },
  });
  const { errors } = formState;
  const [variantId, direction, quantity] = useWatch({ control, name: ['variant_id', 'direction', 'quantity'] });
  const variant = product?.variants.find((v) => v.id === variantId) ?? null;
  const target = product?.has_variants ? variant : product;
  const delta =
    typeof quantity === 'number' && Number.isFinite(quantity) ? (direction === 'remove' ? -quantity : quantity) : null;
  const message = (field: 'product_id' | 'variant_id' | 'quantity' | 'reason') =>
    translateCatalogueMessage(t, errors[field]?.message);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await adjust.mutateAsync(input);
      void toast(t('stock.adjusted', { name: variant ? `${product?.name} - ${variant.name}` : product?.name }), {
        variant: 'success',
      });
      onClose();
    } catch (error) {
      applyServerErrors({ error, setError, t, isField });
    }
  });

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      onSubmit={onSubmit}
      busy={formState.isSubmitting}
      title={t('stock.adjust_title')}
      testId="adjust-stock-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('stock.adjust_submit')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {errors.root?.server && (
          <Alert severity="error" role="alert" data-testid="stock-error">
            {errors.root.server.message}
          </Alert>
        )}
        <ProductPicker
          label={t('products.product')}
          required
          value={product}
          error={message('product_id')}
          onChange={(next) => {
            setProduct(next);
            setValue('product_id', next?.id, { shouldValidate: formState.isSubmitted });
            setValue('variant_id', null);
          }}
        />
        {product?.has_variants && (
          <Controller
            control={control}
            name="variant_id"
            render={({ field }) => (
              <VariantSelect
                variants={product.variants}
                value={field.value}
                onChange={field.onChange}
                error={message('variant_id')}
              />
            )}
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
            error={Boolean(message('quantity'))}
            helperText={message('quantity')}
            sx={{ flex: '1 1 140px' }}
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
          />
        </Box>
        <TextField
          {...register('reason')}
          label={t('stock.reason')}
          placeholder={t('stock.reason_hint')}
          required
          multiline
          minRows={2}
          error={Boolean(message('reason'))}
          helperText={message('reason')}
        />
      </Box>
    </ResponsiveDialog>
  );
}
