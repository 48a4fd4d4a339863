import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDZD } from '@cod/shared';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useShippingCompaniesQuery, type TProductOption } from '../orders-api';
import { orderAmounts, type TOrderFormState } from './order-form-values';
import { OrderSelect, OrderSwitch } from './order-fields';
import { useDeliveryFee } from './use-delivery-fee';

interface TDeliverySectionProps {
  products: ReadonlyMap<number, TProductOption>;
  editing: boolean;
}

/**
 * SPEC 5: shipping company, the read-only delivery fee (DA), the free delivery toggle, the note,
 * and the Total and Discount of the order as typed.
 */
export function DeliverySection({ products, editing }: TDeliverySectionProps) {
  const { t } = useTranslation();
  const { control, register, setValue } = useFormContext<TOrderFormState>();
  const companies = useShippingCompaniesQuery();
  const { calculating } = useDeliveryFee({ keepInitial: editing });
  const values = useWatch({ control }) as TOrderFormState;
  const amounts = orderAmounts(values, products);
  const noCompanies = companies.isSuccess && companies.data.length === 0;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      <OrderSelect
        name="shipping_company_id"
        label={t('orders.form.shipping_company')}
        data-testid="order-shipping-company"
        disabled={noCompanies}
        // Another carrier: its stop desks are other ones (issue 12 item 5).
        onPicked={() => setValue('stopdesk_id', '')}
        none={t('orders.form.no_shipping_company')}
        hint={noCompanies ? t('orders.form.no_shipping_companies') : undefined}
        options={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))}
      />
      <TextField
        label={t('orders.form.delivery_fee')}
        value={formatDZD(values.delivery_price ?? 0).replace(/\s?DA$/, '')}
        data-testid="order-delivery-fee"
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                {calculating ? (
                  <CircularProgress size={16} aria-label={t('common.loading')} />
                ) : (
                  t('common.currency_suffix')
                )}
              </InputAdornment>
            ),
          },
          htmlInput: { dir: 'ltr' },
        }}
        helperText={t('orders.form.delivery_fee_hint')}
      />
      <OrderSwitch name="free_delivery" label={t('orders.form.free_delivery')} testId="order-free-delivery" />
      <TextField
        label={t('orders.form.note')}
        {...register('note')}
        multiline
        minRows={2}
        sx={{ gridColumn: '1 / -1' }}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
      <Paper
        variant="outlined"
        sx={{ p: 2, gridColumn: '1 / -1', display: 'grid', gap: 0.75 }}
        data-testid="order-totals"
      >
        <AmountLine label={t('orders.form.delivery')} value={formatDZD(amounts.delivery)} />
        {amounts.discount !== 0 && (
          <AmountLine label={t('orders.form.discount')} value={formatDZD(amounts.discount)} testId="order-discount" />
        )}
        <AmountLine label={t('orders.form.total')} value={formatDZD(amounts.total)} strong testId="order-total" />
      </Paper>
    </Box>
  );
}

function AmountLine({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 500 }} data-testid={testId}>
        <bdi>{value}</bdi>
      </Typography>
    </Box>
  );
}
