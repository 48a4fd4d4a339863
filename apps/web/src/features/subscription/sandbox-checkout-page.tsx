import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDZD, PRODUCT_NAME } from '@cod/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { api } from '../../lib/api-client';
import { serverErrors } from '../central/central-ui';

interface TSandboxCheckout {
  id: string;
  shop: string;
  plan: string;
  period_months: number;
  amount: number;
  status: string;
}

/** An amount in DA kept left-to-right inside an Arabic sentence. */
const amountText = (amount: number) => `\u2066${formatDZD(amount)}\u2069`;

/**
 * The Chargily Pay sandbox's checkout page (decisions 0098, 0140), when the server is configured
 * with CHARGILY_MODE=sandbox: a page of the app, so paying goes with the shop's own session and
 * only the shop that opened the checkout sees it. The server signs and delivers the gateway's
 * webhook; the subscription is extended by that webhook, as with the real gateway.
 */
export function SandboxCheckoutPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const path = `/chargily-sandbox/checkouts/${encodeURIComponent(id)}`;
  const checkout = useQuery({
    queryKey: ['chargily-sandbox', id],
    queryFn: ({ signal }) => api.get<{ data: TSandboxCheckout }>(path, signal),
  });
  const act = useMutation({
    mutationFn: (action: 'pay' | 'cancel') => api.post<{ data: { return_url: string } }>(`${path}/${action}`),
    onSuccess: (answer) => window.location.assign(answer.data.return_url),
  });
  useEffect(() => {
    document.title = `${t('central.pay.sandbox_title')} | ${PRODUCT_NAME}`;
  }, [t]);
  const data = checkout.data?.data;
  const failure = checkout.error ?? act.error;
  const amount = data ? amountText(data.amount) : '';
  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 3 }}>
      <Paper sx={{ p: 3, maxWidth: 420, width: '100%' }} data-testid="sandbox-checkout">
        <Stack spacing={2}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
            {t('central.pay.sandbox_title')}
          </Typography>
          <Alert severity="warning">{t('central.pay.sandbox_note')}</Alert>
          {checkout.isPending && <Typography color="text.secondary">{t('common.loading')}</Typography>}
          {failure && <Alert severity="error">{serverErrors(t, failure).general}</Alert>}
          {data && (
            <>
              <Typography>{t('central.pay.sandbox_shop', { shop: data.shop })}</Typography>
              <Typography>
                {t('central.pay.sandbox_plan', {
                  plan: data.plan,
                  period: t(data.period_months === 12 ? 'central.pay.year' : 'central.pay.month'),
                })}
              </Typography>
              <Typography variant="h6" component="p">
                {t('central.pay.total', { amount })}
              </Typography>
              <Button
                variant="contained"
                disabled={act.isPending || data.status !== 'pending'}
                onClick={() => act.mutate('pay')}
              >
                {t('central.pay.sandbox_pay', { amount })}
              </Button>
              <Button disabled={act.isPending || data.status !== 'pending'} onClick={() => act.mutate('cancel')}>
                {t('common.cancel')}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
