import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { X_AXIS_HEIGHT_PX } from '../../lib/chart-axis';
import { LineChart } from '@mui/x-charts/LineChart';
import { SUBSCRIPTION_STATUSES, type TCentralDashboard, type TCentralSettings } from '@cod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TenantLink } from './central-list';
import { Link as RouterLink } from 'react-router';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { central } from './central-api';
import { CentralPageFrame, formatDay, money, QueryState, serverErrors, StatusChip } from './central-ui';

/** /central/dashboard (issue 19.6): tenants by status, revenue, trials, sign-ups, orders, settings. */
export function CentralDashboardPage() {
  const { t, i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  const dashboard = useQuery({
    queryKey: ['central', 'dashboard'],
    queryFn: ({ signal }) => central.get<{ data: TCentralDashboard }>('/central/dashboard', signal),
  });
  const data = dashboard.data?.data;
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${day}T12:00:00Z`),
    );
  /** The days or weeks under a chart, read from the reading side, with room for their labels. */
  const daysAxis = (scaleType: 'point' | 'band', days: string[]) => [
    { scaleType, data: days.map(dayLabel), reverse: rtl, height: X_AXIS_HEIGHT_PX },
  ];
  return (
    <CentralPageFrame title={t('central.nav.dashboard')}>
      <QueryState query={dashboard}>
        {data && (
          <Stack spacing={2}>
            <Grid container spacing={2}>
              {SUBSCRIPTION_STATUSES.map((s) => (
                <Grid key={s} size={{ xs: 6, sm: 4, md: 2.4 }}>
                  <Paper variant="outlined" sx={{ p: 2 }} data-testid={`dash-status-${s}`}>
                    <StatusChip status={s} />
                    <Typography variant="h4" component="p" sx={{ mt: 1, fontWeight: 700 }}>
                      {data.tenants[s]}
                    </Typography>
                  </Paper>
                </Grid>
              ))}
            </Grid>
            <Grid container spacing={2}>
              <Figure title={t('central.dash.mrr')} value={money(data.mrr)} testId="dash-mrr" />
              <Figure
                title={t('central.dash.payments_month')}
                value={money(data.payments_month.amount)}
                caption={t('central.dash.payments_count', { count: data.payments_month.count })}
                testId="dash-payments"
              />
              <Figure
                title={t('central.dash.waiting')}
                value={String(data.waiting)}
                link={{ to: '/central/waitinglist', label: t('central.waiting.title') }}
                testId="dash-waiting"
              />
              <Figure
                title={t('central.dash.trials_ending')}
                value={String(data.trials_ending.length)}
                testId="dash-trials"
              />
            </Grid>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: 8 }}>
                <DashPanel title={t('central.dash.orders_day')}>
                  <LineChart
                    xAxis={daysAxis(
                      'point',
                      data.orders_per_day.map((d) => d.day),
                    )}
                    yAxis={[{ position: rtl ? 'right' : 'left' }]}
                    series={[
                      { data: data.orders_per_day.map((d) => d.count), label: t('central.dash.orders'), area: true },
                    ]}
                    height={260}
                    hideLegend
                  />
                </DashPanel>
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
                <DashPanel title={t('central.dash.signups_week')}>
                  <BarChart
                    xAxis={daysAxis(
                      'band',
                      data.signups_per_week.map((w) => w.week),
                    )}
                    yAxis={[{ position: rtl ? 'right' : 'left', tickMinStep: 1 }]}
                    series={[{ data: data.signups_per_week.map((w) => w.count), label: t('central.dash.shops') }]}
                    height={260}
                    hideLegend
                  />
                </DashPanel>
              </Grid>
            </Grid>
            <DashPanel title={t('central.dash.trials_ending')} spaced>
              {data.trials_ending.length === 0 ? (
                <Typography color="text.secondary">{t('central.dash.trials_none')}</Typography>
              ) : (
                <Stack spacing={0.5}>
                  {data.trials_ending.map((trial) => (
                    <Stack key={trial.tenant_id} direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
                      <TenantLink id={trial.tenant_id} name={trial.name} />
                      <Typography variant="body2">{formatDay(trial.valid_to, i18n.language)}</Typography>
                    </Stack>
                  ))}
                </Stack>
              )}
            </DashPanel>
          </Stack>
        )}
      </QueryState>
      <SettingsCard />
    </CentralPageFrame>
  );
}

/** A titled panel of the dashboard (a chart, the trials ending); `spaced` leaves room under the title. */
function DashPanel({ title, spaced, children }: { title: string; spaced?: boolean; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: spaced ? 1 : undefined }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Figure({
  title,
  value,
  caption,
  link,
  testId,
}: {
  title: string;
  value: string;
  caption?: string;
  link?: { to: string; label: string };
  testId: string;
}) {
  return (
    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
      <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
        <Typography variant="body2" color="text.secondary">
          {title}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, mt: 0.5 }}>
          {value}
        </Typography>
        {caption && (
          <Typography variant="caption" color="text.secondary">
            {caption}
          </Typography>
        )}
        {link && (
          <Link component={RouterLink} to={link.to} variant="body2" sx={{ display: 'block' }}>
            {link.label}
          </Link>
        )}
      </Paper>
    </Grid>
  );
}

function SettingsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: ['central', 'settings'],
    queryFn: ({ signal }) => central.get<{ data: TCentralSettings }>('/central/settings', signal),
  });
  const [form, setForm] = useState({ support_whatsapp: '', grace_days: '3', open_signup: false });
  useEffect(() => {
    if (settings.data) {
      setForm({
        support_whatsapp: settings.data.data.support_whatsapp,
        grace_days: String(settings.data.data.grace_days),
        open_signup: settings.data.data.open_signup ?? false,
      });
    }
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      central.put<{ code: string; data: TCentralSettings }>('/central/settings', {
        support_whatsapp: form.support_whatsapp,
        grace_days: Number(form.grace_days || 'x'),
        open_signup: form.open_signup,
      }),
    onSuccess: async (answer) => {
      void toast(translateServerMessage(t, { code: answer.code, params: {} }), { variant: 'success' });
      // The number as stored (digits only), even when the stored value did not change.
      setForm({
        support_whatsapp: answer.data.support_whatsapp,
        grace_days: String(answer.data.grace_days),
        open_signup: answer.data.open_signup ?? false,
      });
      await client.invalidateQueries({ queryKey: ['central', 'settings'] });
    },
  });
  const errors = serverErrors(t, save.error);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('central.settings.title')}
      </Typography>
      <QueryState query={settings}>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          {errors.general && <Alert severity="error">{errors.general}</Alert>}
          <TextField
            label={t('central.settings.support_whatsapp')}
            value={form.support_whatsapp}
            onChange={(e) => setForm({ ...form, support_whatsapp: e.target.value })}
            error={Boolean(errors.fields.support_whatsapp)}
            helperText={errors.fields.support_whatsapp ?? t('central.settings.support_whatsapp_help')}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'support-whatsapp' } }}
          />
          <TextField
            label={t('central.settings.grace_days')}
            value={form.grace_days}
            inputMode="numeric"
            onChange={(e) => setForm({ ...form, grace_days: e.target.value })}
            error={Boolean(errors.fields.grace_days)}
            helperText={errors.fields.grace_days ?? t('central.settings.grace_days_help')}
          />
          <FormControlLabel
            control={
              <Switch
                checked={form.open_signup}
                onChange={(e) => setForm({ ...form, open_signup: e.target.checked })}
              />
            }
            label={t('central.settings.open_signup')}
          />
          <Typography variant="caption" color="text.secondary" sx={{ mt: '0 !important' }}>
            {t('central.settings.open_signup_help')}
          </Typography>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </QueryState>
    </Paper>
  );
}
