import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { negateCentimes, type TCentimes } from '@cod/shared';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { appI18n, loadLocalePart } from '../../lib/i18n';
import { errorMessage } from '../../lib/server-errors';
import { useUserData } from '../../lib/use-session';
import { MoneyText } from '../cash-boxes/money-text';
import { useOrderProfitQuery, type TOrderProfitAnswer } from './commissions-api';

/** Costs are seen with the permission that shows cost prices (issue 13.6). */
export function useSeesCosts(): boolean {
  return useUserData()?.permissions.includes('view products') ?? false;
}

/**
 * Issue 13.6: an order's profit in its dialog (docs/decisions/0103): what it brings, each cost, and
 * the result, realised (delivered), expected (not yet delivered) or lost (returned, cancelled).
 */
export function OrderProfit({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  useEffect(() => {
    void loadLocalePart(appI18n, 'commissions');
  }, []);
  const profit = useOrderProfitQuery(orderId, true);
  return (
    <Box component="section" data-testid="order-profit" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('commissions.profit.title')}
      </Typography>
      {profit.isLoading ? (
        <Skeleton variant="rounded" height={120} />
      ) : profit.isError ? (
        <Alert severity="error">{errorMessage(t, profit.error)}</Alert>
      ) : profit.data ? (
        <ProfitLines profit={profit.data} />
      ) : null}
    </Box>
  );
}

function ProfitLines({ profit }: { profit: TOrderProfitAnswer }) {
  const { t } = useTranslation();
  const lines: Array<[string, TCentimes]> = [
    ['products', profit.products_centimes],
    ['delivery_charged', profit.delivery_charged_centimes],
    ['product_cost', negateCentimes(profit.product_cost_centimes)],
    ['carrier_fee', negateCentimes(profit.carrier_fee_centimes)],
    ['return_fee', negateCentimes(profit.return_fee_centimes)],
    ['commission', negateCentimes(profit.commission_centimes)],
    ['ad_spend', negateCentimes(profit.ad_spend_centimes)],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 0.5, maxWidth: 420 }}>
      {lines.map(([key, amount]) => (
        <Row key={key} label={t(`commissions.profit.${key}`)}>
          <MoneyText amount={amount} />
        </Row>
      ))}
      <Row label={t(`commissions.profit.result_${profit.outcome}`)} strong>
        <MoneyText amount={profit.profit_centimes} signed sx={{ fontWeight: 700 }} data-testid="order-profit-value" />
      </Row>
      {profit.cost_missing && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('commissions.profit.cost_missing')}
        </Alert>
      )}
    </Box>
  );
}

function Row({ label, strong, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 2,
        ...(strong ? { borderTop: 1, borderColor: 'divider', pt: 0.5, mt: 0.5 } : {}),
      }}
    >
      <Typography variant="body2" sx={strong ? { fontWeight: 700 } : undefined}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}
