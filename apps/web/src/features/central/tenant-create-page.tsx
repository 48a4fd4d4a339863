import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { central } from './central-api';
import { CentralForm, fieldBinder } from './central-form';
import { useCentralSave } from './central-save-dialog';
import { CentralPageFrame } from './central-ui';

/** /central/tenants/create: a shop and its owner on the Trial (the operator CLI's code path). */
export function TenantCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState({ cq_name: '', name: '', owner_name: '', owner_email: '', owner_password: '' });
  const { save, errors } = useCentralSave(
    () =>
      central.post<{ code: string; data: { id: number } }>('/central/tenants', {
        ...form,
        name: form.name || undefined,
        owner_name: form.owner_name || undefined,
      }),
    (answer) => void navigate(`/central/tenants/show?id=${answer.data.id}`),
  );
  const bind = fieldBinder(form, setForm, errors);
  const field = (key: keyof typeof form, type = 'text') => (
    <TextField
      fullWidth
      type={type}
      label={t(`central.tenants.${key}`)}
      {...bind(key, key === 'cq_name' ? t('central.tenants.cq_name_help') : undefined)}
    />
  );
  return (
    <CentralPageFrame title={t('central.tenants.new')} section={t('central.nav.tenants_show')}>
      <CentralForm
        save={save}
        general={errors.general}
        submitLabel={t('central.tenants.create')}
        maxWidth={760}
        intro={<Alert severity="info">{t('central.tenants.create_intro')}</Alert>}
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>{field('cq_name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('owner_name')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('owner_email', 'email')}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('owner_password', 'password')}</Grid>
        </Grid>
      </CentralForm>
    </CentralPageFrame>
  );
}
