import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { formatDZD, MAX_ORDER_LINES } from '@cod/shared';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { parseNumberInput } from '../../../lib/number-input';
import type { TProductOption } from '../orders-api';
import { canRemoveLine, cataloguePriceOf, emptyLine, type TOrderFormState } from './order-form-values';
import { OrderProductPicker } from './order-product-picker';
import { translateServerMessage } from '../../../lib/server-message';

interface TProductLinesProps {
  products: ReadonlyMap<number, TProductOption>;
  remember: (products: readonly TProductOption[]) => void;
}

/**
 * SPEC 5 product rows: product required, variant required when the product has variants,
 * quantity greater than 0 (minimum 1, default 1); the first row has no delete, so the last one
 * left can never be removed.
 */
export function ProductLines({ products, remember }: TProductLinesProps) {
  const { t } = useTranslation();
  const { control, setValue, formState } = useFormContext<TOrderFormState>();
  const { fields, append, remove } = useFieldArray({ control, name: 'products' });
  const lines = useWatch({ control, name: 'products' });
  const lineErrors = formState.errors.products;
  const message = (text: string | undefined) => translateServerMessage(t, text);
  // A line's quantity or unit price: typed as text, red when the line's check refused it.
  const numberField = (index: number, name: 'quantity' | 'price', props: TextFieldProps) => (
    <Controller
      control={control}
      name={`products.${index}.${name}`}
      render={({ field: input }) => (
        <TextField {...input} size="small" error={Boolean(lineErrors?.[index]?.[name])} {...props} />
      )}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {fields.map((field, index) => {
        const line = lines[index] ?? emptyLine();
        const product = line.product_id === '' ? undefined : products.get(line.product_id);
        const errors = lineErrors?.[index];
        const quantity = parseNumberInput(line.quantity);
        const price =
          line.price.trim() === '' ? cataloguePriceOf(product, line.variant_id) : parseNumberInput(line.price);
        const lineTotal = quantity && price !== null && price !== undefined ? quantity * price : null;
        return (
          <Box
            key={field.id}
            data-testid="order-line"
            sx={{
              display: 'grid',
              gap: 1.5,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr 1fr', md: 'minmax(0, 3fr) minmax(0, 2fr) 90px 120px 40px' },
              p: 1.5,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
              <Controller
                control={control}
                name={`products.${index}.product_id`}
                render={({ field: picker }) => (
                  <OrderProductPicker
                    value={product ?? null}
                    inputRef={picker.ref}
                    onOptions={remember}
                    testId={`line-product-${index}`}
                    error={message(errors?.product_id?.message)}
                    onChange={(chosen) => {
                      if (chosen) remember([chosen]);
                      picker.onChange(chosen?.id ?? '');
                      setValue(`products.${index}.variant_id`, '');
                      setValue(`products.${index}.price`, chosen ? String(chosen.price) : '');
                    }}
                  />
                )}
              />
            </Box>
            <Box sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}>
              {product?.has_variants ? (
                <Controller
                  control={control}
                  name={`products.${index}.variant_id`}
                  render={({ field: variant }) => (
                    <TextField
                      select
                      size="small"
                      fullWidth
                      required
                      label={t('orders.form.variant')}
                      value={variant.value}
                      inputRef={variant.ref}
                      onChange={(event) => {
                        const id = Number(event.target.value);
                        variant.onChange(id);
                        setValue(`products.${index}.price`, String(cataloguePriceOf(product, id) ?? ''));
                      }}
                      error={Boolean(errors?.variant_id)}
                      helperText={message(errors?.variant_id?.message)}
                      data-testid={`line-variant-${index}`}
                    >
                      {product.variants.map((v) => (
                        <MenuItem key={v.id} value={v.id} disabled={v.archived}>
                          <bdi>{v.name}</bdi>
                          {v.available !== undefined && ` · ${t('orders.form.available', { count: v.available })}`}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ py: 1, display: { xs: 'none', md: 'block' } }}>
                  {product ? t('orders.form.no_variants') : ''}
                </Typography>
              )}
            </Box>
            {numberField(index, 'quantity', {
              required: true,
              label: t('orders.form.quantity'),
              helperText: message(errors?.quantity?.message),
              slotProps: { htmlInput: { inputMode: 'numeric', 'data-testid': `line-quantity-${index}` } },
            })}
            {numberField(index, 'price', {
              label: t('orders.form.unit_price'),
              helperText: message(errors?.price?.message) ?? (lineTotal !== null ? formatDZD(lineTotal) : undefined),
              slotProps: { htmlInput: { inputMode: 'decimal' } },
            })}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gridColumn: { xs: '1 / -1', md: 'auto' } }}>
              {canRemoveLine(index, fields.length) && (
                <Tooltip title={t('orders.form.remove_line')}>
                  <IconButton
                    aria-label={t('orders.form.remove_line')}
                    onClick={() => remove(index)}
                    data-testid={`line-remove-${index}`}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          </Box>
        );
      })}
      {typeof lineErrors?.message === 'string' && (
        <Typography color="error" variant="body2">
          {message(lineErrors.message)}
        </Typography>
      )}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => append(emptyLine())}
          disabled={fields.length >= MAX_ORDER_LINES}
          data-testid="add-line"
        >
          {t('orders.form.add_line')}
        </Button>
      </Box>
    </Box>
  );
}
