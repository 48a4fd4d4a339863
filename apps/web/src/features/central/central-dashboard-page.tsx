import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SUBSCRIPTION_STATUSES, type TCentralSettings } from '@cod/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../app/pages/page-frame';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { central } from './central-api';
import type { TTenantRow } from './central-types';
import { LoadState, serverErrors, StatusChip } from './central-ui';

/** /central/dashboard: tenants by status and the central settings (support WhatsApp, grace days). */
export function CentralDashboardPage() {
  const { t } = useTranslation();
  const tenants = useQuery({
    queryKey: ['central', 'tenants', '', ''],
    queryFn: ({ signal }) => central.get<{ data: TTenantRow[] }>('/central/tenants', signal),
  });
  const counts = Object.fromEntries(
    SUBSCRIPTION_STATUSES.map((s) => [s, (tenants.data?.data ?? []).filter((x) => x.status === s).length]),
  );
  return (
    <PageFrame title={t('central.nav.dashboard')} crumbs={[t('central.title')]} homeCrumb={false}>
      <LoadState
        loading={tenants.isPending}
        error={tenants.error}
        empty={false}
        onRetry={() => void tenants.refetch()}
        emptyTitle=""
      >
        <Grid container spacing={2}>
          {SUBSCRIPTION_STATUSES.map((s) => (
            <Grid key={s} size={{ xs: 6, sm: 4, md: 2.4 }}>
              <Paper variant="outlined" sx={{ p: 2 }}>
                <StatusChip status={s} />
                <Typography variant="h4" component="p" sx={{ mt: 1, fontWeight: 700 }}>
                  {counts[s]}
                </Typography>
              </Paper>
            </Grid>
          ))}
        </Grid>
      </LoadState>
      <SettingsCard />
    </PageFrame>
  );
}

function SettingsCard() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: ['central', 'settings'],
    queryFn: ({ signal }) => central.get<{ data: TCentralSettings }>('/central/settings', signal),
  });
  const [form, setForm] = useState({ support_whatsapp: '', grace_days: '3' });
  useEffect(() => {
    if (settings.data) {
      setForm({
        support_whatsapp: settings.data.data.support_whatsapp,
        grace_days: String(settings.data.data.grace_days),
      });
    }
  }, [settings.data]);
  const save = useMutation({
    mutationFn: () =>
      central.put<{ code: string; data: TCentralSettings }>('/central/settings', {
        support_whatsapp: form.support_whatsapp,
        grace_days: Number(form.grace_days || 'x'),
      }),
    onSuccess: async (answer) => {
      void toast(translateServerMessage(t, { code: answer.code, params: {} }), { variant: 'success' });
      // The number as stored (digits only), even when the stored value did not change.
      setForm({ support_whatsapp: answer.data.support_whatsapp, grace_days: String(answer.data.grace_days) });
      await client.invalidateQueries({ queryKey: ['central', 'settings'] });
    },
  });
  const errors = serverErrors(t, save.error);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('central.settings.title')}
      </Typography>
      <LoadState
        loading={settings.isPending}
        error={settings.error}
        empty={false}
        onRetry={() => void settings.refetch()}
        emptyTitle=""
      >
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
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('common.save')}
            </Button>
          </Stack>
        </Stack>
      </LoadState>
    </Paper>
  );
}
