import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHODS, type TPlan } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { FilePickButton } from '../../components/uploads/file-pick-button';
import { central } from './central-api';
import { CentralForm, fieldBinder, HalfCell, HalfSelect } from './central-form';
import { useCentralRows } from './central-rows';
import { useCentralSave } from './central-save-dialog';
import type { TTenantRow } from './central-types';
import { CentralPageFrame, formatDay, LoadState, money, planOptions } from './central-ui';

const today = () => new Date().toISOString().slice(0, 10);

/** /central/payments/create: an Algerian payment with its receipt extends the subscription (19.4). */
export function PaymentCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tenants = useCentralRows<TTenantRow>('tenants', { search: '', status: '' });
  const plans = useCentralRows<TPlan>('plans');
  const [form, setForm] = useState({
    tenant_id: params.get('tenant') ?? '',
    plan_id: '',
    amount: '',
    method: 'bank_transfer',
    reference: '',
    paid_on: today(),
    period_months: '1',
    note: '',
  });
  const [receipt, setReceipt] = useState<File | null>(null);
  const tenant = tenants.data?.data.find((x) => String(x.id) === form.tenant_id);
  const planId = form.plan_id || (tenant?.plan_id ? String(tenant.plan_id) : '');
  const plan = plans.data?.data.find((p) => String(p.id) === planId);

  const { save, errors } = useCentralSave(
    () => {
      const body = new FormData();
      for (const [key, value] of Object.entries({ ...form, plan_id: planId })) body.append(key, value);
      if (receipt) body.append('receipt', receipt);
      return central.post<{ code: string }>('/central/payments', body);
    },
    () => void navigate(`/central/tenants/show?id=${form.tenant_id}`),
  );
  const bind = fieldBinder(form, setForm, errors);
  const suggested = plan
    ? form.period_months === '12'
      ? plan.price_year
      : plan.price_month * Number(form.period_months || 1)
    : null;

  return (
    <CentralPageFrame title={t('central.payments.record')} section={t('central.nav.payments')}>
      <LoadState
        loading={tenants.isPending || plans.isPending}
        error={tenants.error ?? plans.error}
        empty={(tenants.data?.data.length ?? 0) === 0}
        onRetry={() => void Promise.all([tenants.refetch(), plans.refetch()])}
        emptyTitle={t('central.tenants.empty')}
      >
        <CentralForm save={save} general={errors.general} submitLabel={t('central.payments.record')} maxWidth={860}>
          <Grid container spacing={2}>
            <HalfSelect
              label={t('central.tenants.shop')}
              {...bind('tenant_id')}
              slotProps={{ htmlInput: { 'data-testid': 'payment-tenant' } }}
              options={(tenants.data?.data ?? []).map((x) => ({
                value: String(x.id),
                label: `${x.name} (${x.cq_name})`,
              }))}
            />
            <HalfSelect
              label={t('central.tenants.plan')}
              {...bind('plan_id')}
              value={planId}
              options={planOptions(plans.data?.data, planId)}
            />
            <HalfCell>
              <TextField
                fullWidth
                label={t('central.payments.amount_dzd')}
                inputMode="numeric"
                {...bind(
                  'amount',
                  suggested !== null ? t('central.payments.suggested', { amount: money(suggested) }) : undefined,
                )}
              />
            </HalfCell>
            <HalfSelect
              label={t('central.payments.period')}
              {...bind('period_months')}
              options={[1, 3, 6, 12].map((n) => ({
                value: String(n),
                label: t('central.payments.months', { count: n }),
              }))}
            />
            <HalfSelect
              label={t('central.payments.method')}
              {...bind('method')}
              options={PAYMENT_METHODS.map((method) => ({ value: method, label: t(`central.methods.${method}`) }))}
            />
            <HalfCell>
              <TextField fullWidth label={t('central.payments.reference')} {...bind('reference')} />
            </HalfCell>
            <HalfCell>
              <TextField
                fullWidth
                type="date"
                label={t('central.payments.paid_on')}
                {...bind('paid_on')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </HalfCell>
            <HalfCell>
              <FilePickButton
                file={receipt}
                label={t('central.payments.receipt_upload')}
                accept="image/jpeg,image/png,image/webp,application/pdf"
                testId="payment-receipt"
                onPick={setReceipt}
              />
              {errors.fields.receipt && (
                <Typography color="error" variant="caption">
                  {errors.fields.receipt}
                </Typography>
              )}
            </HalfCell>
            <Grid size={12}>
              <TextField fullWidth multiline minRows={2} label={t('central.payments.note')} {...bind('note')} />
            </Grid>
          </Grid>
          {tenant && (
            <Alert severity="info">
              {t('central.payments.extends_from', { date: formatDay(tenant.valid_to, i18n.language) })}
            </Alert>
          )}
        </CentralForm>
      </LoadState>
    </CentralPageFrame>
  );
}
