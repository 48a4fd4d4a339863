import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import type { TLoginRequest } from '@cod/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useLayoutSettings } from '../../app/layout-settings';
import { isRtlLocale, switchLanguage } from '../../lib/i18n';
import { isLocale } from '../../lib/locales';
import { getStoredLocale, saveSession } from '../../lib/storage';
import { useLoginRequest } from './auth-api';
import { AuthCard } from './auth-card';
import { DemoLogins } from './demo-logins';
import { FormAlert, preloadFormAlert } from './form-alert';
import { applyApiError, authFieldProps } from './form-errors';
import { lazyResolver, preloadAuthSchemas } from './lazy-resolver';
import { OutlinedField } from './outlined-field';
import { PasswordField } from './password-field';

const FIELDS = ['email', 'password'] as const;

/** /login: POST /login, then the session goes to localStorage (SPEC 3) and the user to /dashboard. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { update } = useLayoutSettings();
  const login = useLoginRequest();
  const { register, handleSubmit, setError, formState } = useForm<TLoginRequest>({
    resolver: lazyResolver((schemas) => schemas.loginResolver),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = formState;

  useEffect(preloadAuthSchemas, []);

  const onSubmit = handleSubmit(async (values) => {
    preloadFormAlert();
    try {
      const session = await login.run(values);
      saveSession(session);
      // Initial language: appLocale first, else the account's language (SPEC 7).
      const userLocale = session.userData.locale;
      if (!getStoredLocale() && isLocale(userLocale) && userLocale !== i18n.resolvedLanguage) {
        await switchLanguage(i18n, userLocale);
        update({ isRtl: isRtlLocale(userLocale) });
      }
      // flushSync: the guest layout turns inert in this same task, not when a transition gets to it.
      await navigate('/dashboard', { replace: true, flushSync: true });
    } catch (error) {
      applyApiError({ error, fields: FIELDS, setError, t });
    }
  });

  const field = (name: keyof TLoginRequest) => authFieldProps({ register, formState }, t, name);

  return (
    <AuthCard title={t('auth.login_title')} subtitle={t('auth.login_subtitle')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {errors.root?.server && <FormAlert severity="error">{errors.root.server.message}</FormAlert>}
        <OutlinedField
          {...field('email')}
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          autoFocus
          fullWidth
        />
        <PasswordField {...field('password')} label={t('auth.password')} autoComplete="current-password" fullWidth />
        <Link component={RouterLink} to="/forgotpassword" variant="body2" sx={{ alignSelf: 'flex-end' }}>
          {t('auth.forgot_link')}
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('auth.login_submit')}
        </Button>
      </Stack>
      <DemoLogins />
    </AuthCard>
  );
}
