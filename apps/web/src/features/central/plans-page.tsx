import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import { PLAN_FEATURES, type TPlan } from '@cod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { toast } from '../../lib/toast';
import { translateServerMessage } from '../../lib/server-message';
import { central } from './central-api';
import { limitText, LoadState, money, serverErrors } from './central-ui';

const LIMITS = ['max_orders_per_month', 'max_users', 'max_shipping_companies', 'max_sales_channels'] as const;

type TForm = Record<'name' | 'price_month' | 'price_year' | 'duration_days' | (typeof LIMITS)[number], string> & {
  features: Partial<Record<string, boolean>>;
};

const toForm = (plan: TPlan | null): TForm => ({
  name: plan?.name ?? '',
  price_month: String(plan?.price_month ?? ''),
  price_year: String(plan?.price_year ?? ''),
  duration_days: String(plan?.duration_days ?? 30),
  max_orders_per_month: plan?.max_orders_per_month?.toString() ?? '',
  max_users: plan?.max_users?.toString() ?? '',
  max_shipping_companies: plan?.max_shipping_companies?.toString() ?? '',
  max_sales_channels: plan?.max_sales_channels?.toString() ?? '',
  features: plan?.features ?? {},
});

const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** /central/plans (issue 19.1): prices in DZD, limits (empty = unlimited), features, archive. */
export function PlansPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const plans = useQuery({
    queryKey: ['central', 'plans'],
    queryFn: ({ signal }) => central.get<{ data: TPlan[] }>('/central/plans', signal),
  });
  const [editing, setEditing] = useState<TPlan | 'new' | null>(null);
  const archive = useMutation({
    mutationFn: (plan: TPlan) => central.post(`/central/plans/${plan.id}/${plan.archived ? 'restore' : 'archive'}`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['central'] }),
    onError: (error) => void toast(serverErrors(t, error).general ?? t('errors.unexpected'), { variant: 'error' }),
  });
  const list = plans.data?.data ?? [];

  return (
    <PageFrame
      title={t('central.nav.plans')}
      crumbs={[t('central.title')]}
      homeCrumb={false}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {t('central.plans.new')}
        </Button>
      }
    >
      <LoadState
        loading={plans.isPending}
        error={plans.error}
        empty={list.length === 0}
        onRetry={() => void plans.refetch()}
        emptyTitle={t('central.plans.empty')}
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label={t('central.nav.plans')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('central.plans.name')}</TableCell>
                <TableCell align="right">{t('central.plans.price_month')}</TableCell>
                <TableCell align="right">{t('central.plans.price_year')}</TableCell>
                <TableCell>{t('central.plans.limits')}</TableCell>
                <TableCell align="right">{t('central.plans.subscribers')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((plan) => (
                <TableRow key={plan.id} hover data-testid={`plan-${plan.name}`}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{plan.name}</span>
                      {plan.is_trial && (
                        <Chip
                          size="small"
                          color="info"
                          label={t('central.plans.trial_days', { count: plan.duration_days })}
                        />
                      )}
                      {plan.archived && <Chip size="small" label={t('central.plans.archived')} />}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">{money(plan.price_month)}</TableCell>
                  <TableCell align="right">{money(plan.price_year)}</TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    {LIMITS.map((limit) => (
                      <div key={limit}>
                        {t(`central.plans.${limit}`)}: {limitText(t, plan[limit])}
                      </div>
                    ))}
                  </TableCell>
                  <TableCell align="right">{plan.subscribers}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(plan)}>
                      {t('common.edit')}
                    </Button>
                    {!plan.is_trial && (
                      <Button size="small" color="inherit" onClick={() => archive.mutate(plan)}>
                        {plan.archived ? t('central.plans.restore') : t('central.plans.archive')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </LoadState>
      {editing && <PlanDialog plan={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </PageFrame>
  );
}

function PlanDialog({ plan, onClose }: { plan: TPlan | null; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form, setForm] = useState<TForm>(() => toForm(plan));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: form.name,
        price_month: Number(form.price_month || 'x'),
        price_year: Number(form.price_year || 'x'),
        duration_days: Number(form.duration_days || 'x'),
        ...Object.fromEntries(LIMITS.map((limit) => [limit, numberOrNull(form[limit])])),
        features: form.features,
      };
      return plan
        ? central.put<{ code: string }>(`/central/plans/${plan.id}`, body)
        : central.post<{ code: string }>('/central/plans', body);
    },
    onSuccess: async (answer) => {
      void toast(translateServerMessage(t, { code: answer.code, params: {} }), { variant: 'success' });
      await client.invalidateQueries({ queryKey: ['central'] });
      onClose();
    },
  });
  const errors = serverErrors(t, save.error);
  const field = (name: keyof Omit<TForm, 'features'>, label: string, helper?: string) => (
    <TextField
      fullWidth
      label={label}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(errors.fields[name])}
      helperText={errors.fields[name] ?? helper}
      inputMode={name === 'name' ? 'text' : 'numeric'}
    />
  );
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={save.isPending}
      title={plan ? t('central.plans.edit', { name: plan.name }) : t('central.plans.new')}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {errors.general && <Alert severity="error">{errors.general}</Alert>}
        {field('name', t('central.plans.name'))}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('price_month', t('central.plans.price_month_dzd'))}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('price_year', t('central.plans.price_year_dzd'))}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('duration_days', t('central.plans.duration_days'))}</Grid>
          {LIMITS.map((limit) => (
            <Grid key={limit} size={{ xs: 12, sm: 6 }}>
              {field(limit, t(`central.plans.${limit}`), t('central.plans.empty_unlimited'))}
            </Grid>
          ))}
        </Grid>
        <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
          {PLAN_FEATURES.map((feature) => (
            <FormControlLabel
              key={feature}
              control={
                <Switch
                  checked={form.features[feature] ?? true}
                  onChange={(e) => setForm({ ...form, features: { ...form.features, [feature]: e.target.checked } })}
                />
              }
              label={t(`central.features.${feature}`)}
            />
          ))}
        </Stack>
      </Stack>
    </ResponsiveDialog>
  );
}
