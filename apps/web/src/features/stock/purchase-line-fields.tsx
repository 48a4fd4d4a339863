import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { TProduct } from '@cod/shared';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCountField, FormMoneyField } from '../../components/catalogue-kit/form-number-fields';
import { ProductPicker } from '../products/product-picker';
import { VariantSelect } from '../products/variant-select';
import { translateServerMessage } from '../../lib/server-message';

export interface TPurchaseLineForm {
  product: TProduct | null;
  variant_id: number | null;
  quantity?: number;
  unit_cost?: number;
  /** Only for the server's messages about the product (the picker holds the product itself). */
  product_id?: number;
}

export interface TPurchaseForm {
  provider_id?: number;
  lines: TPurchaseLineForm[];
  note: string;
}

interface TPurchaseLineFieldsProps {
  index: number;
  canRemove: boolean;
  onRemove: () => void;
}

/** One delivered product: which product (and variant), how many, at what unit cost. */
export function PurchaseLineFields({ index, canRemove, onRemove }: TPurchaseLineFieldsProps) {
  const { t } = useTranslation();
  const { control, formState, setValue, getValues } = useFormContext<TPurchaseForm>();
  const errors = formState.errors.lines?.[index];
  const product = useWatch({ control, name: `lines.${index}.product` });
  const message = (field: 'product_id' | 'variant_id') => translateServerMessage(t, errors?.[field]?.message);

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid="purchase-line">
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('stock.line_number', { number: index + 1 })}
        </Typography>
        {canRemove && (
          <Tooltip title={t('stock.remove_line')}>
            <IconButton aria-label={t('stock.remove_line')} onClick={onRemove}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Controller
        control={control}
        name={`lines.${index}.product`}
        render={({ field }) => (
          <ProductPicker
            label={t('products.product')}
            required
            value={field.value}
            error={message('product_id')}
            onBlur={field.onBlur}
            onChange={(product) => {
              field.onChange(product);
              setValue(`lines.${index}.variant_id`, null);
              // The catalogue's cost price is the usual unit cost: offer it.
              if (product?.cost_price != null && getValues(`lines.${index}.unit_cost`) === undefined) {
                setValue(`lines.${index}.unit_cost`, product.cost_price);
              }
            }}
          />
        )}
      />
      {product?.has_variants && (
        <VariantSelect
          control={control}
          name={`lines.${index}.variant_id`}
          variants={product.variants}
          error={message('variant_id')}
        />
      )}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '1fr 1fr' }}>
        <FormCountField<TPurchaseForm>
          name={`lines.${index}.quantity`}
          size="medium"
          label={t('stock.quantity')}
          required
        />
        <FormMoneyField<TPurchaseForm>
          name={`lines.${index}.unit_cost`}
          size="medium"
          label={t('stock.unit_cost')}
          required
        />
      </Box>
    </Paper>
  );
}
