import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ZRegisterInput, type TRegisterInput } from '@cod/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AppQueryProvider } from '../../app/query-provider';
import { translateServerMessage } from '../../lib/server-message';
import { central } from '../central/central-api';
import { serverErrors } from '../central/central-ui';

interface TState {
  id: number;
  name: string;
  name_ar: string;
}

const EMPTY = { shop_name: '', owner_name: '', phone: '', email: '', wilaya_id: '', expected_orders: '', website: '' };
type TField = keyof typeof EMPTY;

/** /central/auth/register (issue 19.5): the public sign-up form; the server's 422s show per field. */
export function RegisterPage() {
  // The guest frame has no query client (the sign-in's first paint does without it): this page brings it.
  return (
    <AppQueryProvider>
      <RegisterPageContent />
    </AppQueryProvider>
  );
}

function RegisterPageContent() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState(EMPTY);
  const states = useQuery({
    queryKey: ['public', 'states'],
    queryFn: ({ signal }) => central.get<{ data: TState[] }>('/central/public/states', signal),
  });
  const submit = useMutation({
    mutationFn: () =>
      central.post<{ data: { status: 'waiting' | 'created' } }>('/central/register', {
        ...form,
        wilaya_id: form.wilaya_id === '' ? null : Number(form.wilaya_id),
        expected_orders: form.expected_orders.trim() === '' ? null : Number(form.expected_orders),
        locale: i18n.language,
      } satisfies Record<keyof TRegisterInput, unknown>),
    onSuccess: (answer) => void navigate(`/central/auth/successpage?status=${answer.data.status}`),
  });
  const errors = serverErrors(t, submit.error);
  // The shared schema's shop name rule (a name the platform keeps, decision 0143), shown as it is typed.
  const shopNameRule = form.shop_name.trim()
    ? ZRegisterInput.shape.shop_name.safeParse(form.shop_name).error?.issues[0]?.message
    : undefined;
  if (shopNameRule) errors.fields.shop_name = translateServerMessage(t, shopNameRule);
  const field = (
    name: TField,
    extra: { type?: string; autoComplete?: string; helper?: string; ltr?: boolean } = {},
  ) => (
    <TextField
      name={name}
      label={t(`central.register.${name}`)}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(errors.fields[name])}
      helperText={errors.fields[name] ?? extra.helper}
      type={extra.type}
      autoComplete={extra.autoComplete}
      required
      slotProps={{ htmlInput: { 'data-testid': `register-${name}`, ...(extra.ltr ? { dir: 'ltr' } : {}) } }}
    />
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!shopNameRule) submit.mutate();
  };

  return (
    <Paper
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 560, my: 2 }}
    >
      <Stack spacing={2}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('central.register.title')}
        </Typography>
        <Typography color="text.secondary">{t('central.register.intro')}</Typography>
        {errors.general && <Alert severity="error">{errors.general}</Alert>}
        {field('shop_name', { autoComplete: 'organization' })}
        {field('owner_name', { autoComplete: 'name' })}
        {field('phone', { type: 'tel', autoComplete: 'tel', helper: t('central.register.phone_help'), ltr: true })}
        {field('email', { type: 'email', autoComplete: 'email', ltr: true })}
        <TextField
          select
          name="wilaya_id"
          label={t('central.register.wilaya')}
          value={form.wilaya_id}
          onChange={(e) => setForm({ ...form, wilaya_id: e.target.value })}
          error={Boolean(errors.fields.wilaya_id)}
          helperText={errors.fields.wilaya_id}
          required
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
          data-testid="register-wilaya"
        >
          {(states.data?.data ?? []).map((s) => (
            <MenuItem key={s.id} value={String(s.id)}>
              {String(s.id).padStart(2, '0')} · {i18n.language === 'ar' ? s.name_ar : s.name}
            </MenuItem>
          ))}
        </TextField>
        {field('expected_orders', { ltr: true })}
        {/* The honeypot: out of sight and out of the tab order; people leave it empty, bots fill it. */}
        <Box aria-hidden sx={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }}>
          <label>
            {t('central.register.website')}
            <input
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={form.website}
              onChange={(e) => setForm({ ...form, website: e.target.value })}
            />
          </label>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={submit.isPending}>
          {t('central.register.submit')}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
          {t('central.register.have_account')}
        </Link>
      </Stack>
    </Paper>
  );
}
