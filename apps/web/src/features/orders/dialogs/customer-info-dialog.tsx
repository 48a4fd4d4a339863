import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { CustomerOrders } from '../../customers/customer-orders';
import { CustomerSummary } from '../../customers/customer-summary';
import { useCustomerHistoryQuery } from '../../customers/customers-api';
import { formatPhone } from '../../customers/format-phone';
import { formatDateTime } from '../../../lib/format-date';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog';
import { errorMessage } from '../../../lib/server-errors';

function Line({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: { xs: 0, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** SPEC 2.4 customer information with history: the order's customer and the SPEC 3 summary. */
export function CustomerInfoDialog({ order, onClose }: { order: TOrderRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const history = useCustomerHistoryQuery(order.customer_phone_1);
  const arabic = i18n.language === 'ar';
  const blocked = history.data?.blocked_customer ?? order.blocked_customer;

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      maxWidth="md"
      title={<bdi>{order.customer_full_name}</bdi>}
      testId="customer-info-dialog"
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {(history.data?.is_blocked ?? order.is_blocked) && blocked && (
          <Alert severity="error" data-testid="customer-blocked">
            <AlertTitle>{t('orders.flags.blocked')}</AlertTitle>
            {t('orders.flags.blocked_reason', { reason: blocked.reason })}
            {blocked.blocked_by && (
              <Typography variant="caption" component="div">
                {t('orders.customer.blocked_by', {
                  who: blocked.blocked_by,
                  date: formatDateTime(blocked.created_at, i18n.language),
                })}
              </Typography>
            )}
          </Alert>
        )}
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Line label={t('orders.form.phone_1')} value={<bdi dir="ltr">{formatPhone(order.customer_phone_1)}</bdi>} />
          {order.customer_phone_2 && (
            <Line label={t('orders.form.phone_2')} value={<bdi dir="ltr">{formatPhone(order.customer_phone_2)}</bdi>} />
          )}
          <Line
            label={t('orders.form.state')}
            value={`${arabic ? order.state.name_ar : order.state.name} — ${arabic ? order.city.name_ar : order.city.name}`}
          />
          {order.customer_address && <Line label={t('orders.form.address')} value={order.customer_address} />}
        </Box>
        <Box component="section" sx={{ display: 'grid', gap: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            {t('orders.customer.history')}
          </Typography>
          {history.isError ? (
            <Alert severity="warning">{errorMessage(t, history.error)}</Alert>
          ) : (
            <>
              <CustomerSummary history={history.data} />
              {history.data && <CustomerOrders orders={history.data.orders} />}
            </>
          )}
        </Box>
      </Box>
    </ResponsiveDialog>
  );
}
