import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { normalizeAlgerianPhone } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback';
import { formatDateTime } from '../../../lib/format-date';
import { usePhoneCheckQuery } from '../orders-api';
import { StatusChip } from '../table/order-cells';

// The warning follows the typing, a little after the user pauses.
const PHONE_CHECK_DEBOUNCE_MS = 400;

/**
 * Issue 4.4 / SPEC 3: while a phone is typed, the dialog warns of a blocked customer (with the
 * reason) and of open orders of the same normalised phone from the last 7 days (a duplicate).
 */
export function PhoneCheckAlert({ phone, excludeId }: { phone: string; excludeId: number | null }) {
  const { t, i18n } = useTranslation();
  // Nothing is checked before the first pause, not even a phone the dialog opened with.
  const [checked, setChecked] = useState<string | null>(null);
  const checkLater = useDebouncedCallback(
    (typed: string) => setChecked(normalizeAlgerianPhone(typed)),
    PHONE_CHECK_DEBOUNCE_MS,
  );
  useEffect(() => checkLater(phone), [checkLater, phone]);
  const check = usePhoneCheckQuery(checked, excludeId);
  const data = check.data;
  if (!data || checked === null) return null;

  return (
    <Box sx={{ display: 'grid', gap: 1, gridColumn: '1 / -1' }} aria-live="polite">
      {data.is_blocked && data.blocked_customer && (
        <Alert severity="error" data-testid="phone-blocked">
          <AlertTitle>{t('orders.phone_check.blocked_title')}</AlertTitle>
          {t('orders.flags.blocked_reason', { reason: data.blocked_customer.reason })}
        </Alert>
      )}
      {data.duplicates.length > 0 && (
        <Alert severity="warning" data-testid="phone-duplicate">
          <AlertTitle>{t('orders.phone_check.duplicate_title', { count: data.duplicates.length })}</AlertTitle>
          <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5, display: 'grid', gap: 0.5 }}>
            {data.duplicates.map((order) => (
              <li key={order.id}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    <bdi>#{order.order_number}</bdi>
                  </Typography>
                  <StatusChip status={order.status} />
                  <Typography variant="caption">{formatDateTime(order.created_at, i18n.language)}</Typography>
                </Box>
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {!data.is_blocked && data.duplicates.length === 0 && data.previous_orders_count > 0 && (
        <Alert severity="info" data-testid="phone-returning">
          {t('orders.phone_check.returning', { count: data.previous_orders_count })}
        </Alert>
      )}
    </Box>
  );
}
