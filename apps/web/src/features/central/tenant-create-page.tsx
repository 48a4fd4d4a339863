import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../app/pages/page-frame';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { central } from './central-api';
import { serverErrors } from './central-ui';

/** /central/tenants/create: a shop and its owner on the Trial (the operator CLI's code path). */
export function TenantCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form, setForm] = useState({ cq_name: '', name: '', owner_name: '', owner_email: '', owner_password: '' });
  const save = useMutation({
    mutationFn: () =>
      central.post<{ code: string; data: { id: number } }>('/central/tenants', {
        ...form,
        name: form.name || undefined,
        owner_name: form.owner_name || undefined,
      }),
    onSuccess: async (answer) => {
      void toast(translateServerMessage(t, { code: answer.code, params: {} }), { variant: 'success' });
      await client.invalidateQueries({ queryKey: ['central'] });
      void navigate(`/central/tenants/show?id=${answer.data.id}`);
    },
  });
  const errors = serverErrors(t, save.error);
  const field = (key: keyof typeof form, type = 'text') => (
    <TextField
      fullWidth
      type={type}
      label={t(`central.tenants.${key}`)}
      value={form[key]}
      onChange={(e) => setForm({ ...form, [key]: e.target.value })}
      error={Boolean(errors.fields[key])}
      helperText={errors.fields[key] ?? (key === 'cq_name' ? t('central.tenants.cq_name_help') : undefined)}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <PageFrame
      title={t('central.tenants.new')}
      crumbs={[t('central.title'), t('central.nav.tenants_show')]}
      homeCrumb={false}
    >
      <Paper
        component="form"
        noValidate
        onSubmit={submit}
        variant="outlined"
        sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }}
      >
        <Stack spacing={2}>
          <Alert severity="info">{t('central.tenants.create_intro')}</Alert>
          {errors.general && <Alert severity="error">{errors.general}</Alert>}
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>{field('cq_name')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('name')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('owner_name')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('owner_email', 'email')}</Grid>
            <Grid size={{ xs: 12, sm: 6 }}>{field('owner_password', 'password')}</Grid>
          </Grid>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => void navigate(-1)}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              {t('central.tenants.create')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </PageFrame>
  );
}
