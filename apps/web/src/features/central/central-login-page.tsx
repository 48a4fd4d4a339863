import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../layouts/components/language-switcher';
import { central, saveCentralSession, type TCentralAdmin } from './central-api';
import { fieldError } from './central-form';
import { serverErrors } from './central-ui';

/** /central/auth/login: the central administrators' own sign-in. */
export function CentralLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const errors = serverErrors(t, error);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await central.post<{ accessToken: string; adminData: TCentralAdmin }>('/central/login', {
        email,
        password,
      });
      saveCentralSession(answer.accessToken, answer.adminData);
      void navigate('/central/tenants/show', { replace: true });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  // The sign-in's two fields: the e-mail (the browser's saved user name) and the password.
  const credential = (name: 'email' | 'password', value: string, onChange: (value: string) => void) => (
    <TextField
      label={t(`auth.${name}`)}
      type={name}
      autoComplete={name === 'email' ? 'username' : 'current-password'}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      {...fieldError(errors, name)}
      required
    />
  );

  return (
    <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 420 }}>
        <Stack spacing={2}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {t('central.login')}
            </Typography>
            <LanguageSwitcher />
          </Box>
          <Typography color="text.secondary">{t('central.login_intro', { product: PRODUCT_NAME })}</Typography>
          {errors.general && <Alert severity="error">{errors.general}</Alert>}
          {credential('email', email, setEmail)}
          {credential('password', password, setPassword)}
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            {t('central.sign_in')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
