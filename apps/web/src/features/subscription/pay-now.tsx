import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import CreditCardOutlinedIcon from '@mui/icons-material/CreditCardOutlined';
import { checkoutPrice, formatDZD, type TBillingPeriod } from '@cod/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { api } from '../../lib/api-client';
import { appI18n, loadLocalePart } from '../../lib/i18n';
import { serverErrors } from '../central/central-ui';

interface TOnlinePayment {
  enabled: boolean;
  mode: 'sandbox' | 'test' | 'live' | null;
  plans: Array<{ id: number; name: string; price_month: number; price_year: number }>;
}

/** An amount in DA kept left-to-right inside an Arabic sentence. */
const amountText = (amount: number) => `\u2066${formatDZD(amount)}\u2069`;

/**
 * "Pay now" (issue 19.4, docs/decisions/0098): the shop picks a plan and a period and is sent to the
 * Chargily Pay checkout (the local sandbox in the demo). The subscription is extended by the
 * gateway's signed webhook, never by the browser coming back.
 */
export function PayNowButton({ variant = 'contained' }: { variant?: 'contained' | 'outlined' }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    void loadLocalePart(appI18n, 'central');
  }, []);
  return (
    <>
      <Button
        variant={variant}
        color="primary"
        startIcon={<CreditCardOutlinedIcon />}
        onClick={() => setOpen(true)}
        data-testid="pay-now"
      >
        {t('central.pay.pay_now')}
      </Button>
      {open && <PayNowDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function PayNowDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [planId, setPlanId] = useState<number | null>(null);
  const [period, setPeriod] = useState<TBillingPeriod>('month');
  const options = useQuery({
    queryKey: ['subscription', 'online-payment'],
    queryFn: ({ signal }) => api.get<{ data: TOnlinePayment }>('/dashboard/subscription/online-payment', signal),
  });
  const data = options.data?.data;
  const chosen = data?.plans.find((p) => p.id === planId) ?? data?.plans[0];
  const pay = useMutation({
    mutationFn: () =>
      api.post<{ data: { checkout_url: string } }>('/dashboard/subscription/checkout', {
        plan_id: chosen?.id,
        period,
      }),
    onSuccess: (answer) => window.location.assign(answer.data.checkout_url),
  });
  const errors = serverErrors(t, pay.error);
  const error = errors.general ?? Object.values(errors.fields)[0];
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={pay.isPending}
      maxWidth="xs"
      title={t('central.pay.title')}
      onSubmit={(event) => {
        event.preventDefault();
        pay.mutate();
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!data?.enabled || !chosen || pay.isPending}
            data-testid="pay-continue"
          >
            {t('central.pay.continue')}
          </Button>
        </>
      }
    >
      <Stack spacing={2}>
        <Typography variant="body2">{t('central.pay.intro')}</Typography>
        {options.isPending && <Typography color="text.secondary">{t('common.loading')}</Typography>}
        {options.error && <Alert severity="error">{serverErrors(t, options.error).general}</Alert>}
        {data && !data.enabled && <Alert severity="info">{t('central.pay.unavailable')}</Alert>}
        {data?.enabled && chosen && (
          <>
            {data.mode === 'sandbox' && <Alert severity="warning">{t('central.pay.sandbox')}</Alert>}
            <RadioGroup
              aria-label={t('central.pay.plan')}
              value={String(chosen.id)}
              onChange={(e) => setPlanId(Number(e.target.value))}
            >
              {data.plans.map((plan) => (
                <FormControlLabel
                  key={plan.id}
                  value={String(plan.id)}
                  control={<Radio />}
                  label={`${plan.name} · ${amountText(period === 'year' ? plan.price_year : plan.price_month)}`}
                />
              ))}
            </RadioGroup>
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              value={period}
              onChange={(_e, value: TBillingPeriod | null) => value && setPeriod(value)}
              aria-label={t('central.pay.period')}
            >
              <ToggleButton value="month">{t('central.pay.month')}</ToggleButton>
              <ToggleButton value="year">{t('central.pay.year')}</ToggleButton>
            </ToggleButtonGroup>
            <Typography variant="h6" component="p" data-testid="pay-total">
              {t('central.pay.total', { amount: amountText(checkoutPrice(chosen, period).amount) })}
            </Typography>
          </>
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </Stack>
    </ResponsiveDialog>
  );
}
