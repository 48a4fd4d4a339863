import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHODS, type TPlan } from '@cod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../app/pages/page-frame';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { central } from './central-api';
import type { TTenantRow } from './central-types';
import { formatDay, LoadState, money, serverErrors } from './central-ui';

const today = () => new Date().toISOString().slice(0, 10);

/** /central/payments/create: an Algerian payment with its receipt extends the subscription (19.4). */
export function PaymentCreatePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const tenants = useQuery({
    queryKey: ['central', 'tenants', '', ''],
    queryFn: ({ signal }) => central.get<{ data: TTenantRow[] }>('/central/tenants', signal),
  });
  const plans = useQuery({
    queryKey: ['central', 'plans'],
    queryFn: ({ signal }) => central.get<{ data: TPlan[] }>('/central/plans', signal),
  });
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

  const save = useMutation({
    mutationFn: () => {
      const body = new FormData();
      for (const [key, value] of Object.entries({ ...form, plan_id: planId })) body.append(key, value);
      if (receipt) body.append('receipt', receipt);
      return central.post<{ code: string }>('/central/payments', body);
    },
    onSuccess: async (answer) => {
      void toast(translateServerMessage(t, { code: answer.code, params: {} }), { variant: 'success' });
      await client.invalidateQueries({ queryKey: ['central'] });
      void navigate(`/central/tenants/show?id=${form.tenant_id}`);
    },
  });
  const errors = serverErrors(t, save.error);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const suggested = plan
    ? form.period_months === '12'
      ? plan.price_year
      : plan.price_month * Number(form.period_months || 1)
    : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <PageFrame
      title={t('central.payments.record')}
      crumbs={[t('central.title'), t('central.nav.payments')]}
      homeCrumb={false}
    >
      <LoadState
        loading={tenants.isPending || plans.isPending}
        error={tenants.error ?? plans.error}
        empty={(tenants.data?.data.length ?? 0) === 0}
        onRetry={() => void Promise.all([tenants.refetch(), plans.refetch()])}
        emptyTitle={t('central.tenants.empty')}
      >
        <Paper
          component="form"
          noValidate
          onSubmit={submit}
          variant="outlined"
          sx={{ p: { xs: 2, md: 3 }, maxWidth: 860 }}
        >
          <Stack spacing={2}>
            {errors.general && <Alert severity="error">{errors.general}</Alert>}
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  fullWidth
                  label={t('central.tenants.shop')}
                  value={form.tenant_id}
                  onChange={set('tenant_id')}
                  error={Boolean(errors.fields.tenant_id)}
                  helperText={errors.fields.tenant_id}
                  slotProps={{ htmlInput: { 'data-testid': 'payment-tenant' } }}
                >
                  {(tenants.data?.data ?? []).map((x) => (
                    <MenuItem key={x.id} value={String(x.id)}>
                      {x.name} ({x.cq_name})
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  fullWidth
                  label={t('central.tenants.plan')}
                  value={planId}
                  onChange={set('plan_id')}
                  error={Boolean(errors.fields.plan_id)}
                  helperText={errors.fields.plan_id}
                >
                  {(plans.data?.data ?? [])
                    .filter((p) => !p.archived || String(p.id) === planId)
                    .map((p) => (
                      <MenuItem key={p.id} value={String(p.id)}>
                        {p.name} · {money(p.price_month)}
                      </MenuItem>
                    ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  label={t('central.payments.amount_dzd')}
                  value={form.amount}
                  onChange={set('amount')}
                  inputMode="numeric"
                  error={Boolean(errors.fields.amount)}
                  helperText={
                    errors.fields.amount ??
                    (suggested !== null ? t('central.payments.suggested', { amount: money(suggested) }) : undefined)
                  }
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  fullWidth
                  label={t('central.payments.period')}
                  value={form.period_months}
                  onChange={set('period_months')}
                  error={Boolean(errors.fields.period_months)}
                  helperText={errors.fields.period_months}
                >
                  {[1, 3, 6, 12].map((n) => (
                    <MenuItem key={n} value={String(n)}>
                      {t('central.payments.months', { count: n })}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  select
                  fullWidth
                  label={t('central.payments.method')}
                  value={form.method}
                  onChange={set('method')}
                  error={Boolean(errors.fields.method)}
                  helperText={errors.fields.method}
                >
                  {PAYMENT_METHODS.map((method) => (
                    <MenuItem key={method} value={method}>
                      {t(`central.methods.${method}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  label={t('central.payments.reference')}
                  value={form.reference}
                  onChange={set('reference')}
                  error={Boolean(errors.fields.reference)}
                  helperText={errors.fields.reference}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <TextField
                  fullWidth
                  type="date"
                  label={t('central.payments.paid_on')}
                  value={form.paid_on}
                  onChange={set('paid_on')}
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={Boolean(errors.fields.paid_on)}
                  helperText={errors.fields.paid_on}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 6 }}>
                <Button component="label" variant="outlined" fullWidth sx={{ height: 56 }}>
                  {receipt ? receipt.name : t('central.payments.receipt_upload')}
                  <input
                    hidden
                    type="file"
                    accept="image/jpeg,image/png,image/webp,application/pdf"
                    data-testid="payment-receipt"
                    onChange={(e) => setReceipt(e.target.files?.[0] ?? null)}
                  />
                </Button>
                {errors.fields.receipt && (
                  <Typography color="error" variant="caption">
                    {errors.fields.receipt}
                  </Typography>
                )}
              </Grid>
              <Grid size={12}>
                <TextField
                  fullWidth
                  multiline
                  minRows={2}
                  label={t('central.payments.note')}
                  value={form.note}
                  onChange={set('note')}
                />
              </Grid>
            </Grid>
            {tenant && (
              <Alert severity="info">
                {t('central.payments.extends_from', { date: formatDay(tenant.valid_to, i18n.language) })}
              </Alert>
            )}
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={() => void navigate(-1)}>{t('common.cancel')}</Button>
              <Button type="submit" variant="contained" disabled={save.isPending}>
                {t('central.payments.record')}
              </Button>
            </Stack>
          </Stack>
        </Paper>
      </LoadState>
    </PageFrame>
  );
}
