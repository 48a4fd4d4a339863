import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import type { TResetPasswordRequest } from '@cod/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useResetPasswordRequest } from './auth-api';
import { AuthCard } from './auth-card';
import { applyApiError, authFieldProps } from './form-errors';
import { lazyResolver, preloadAuthSchemas } from './lazy-resolver';
import { PasswordField } from './password-field';
import { translateServerMessage } from '../../lib/server-message';

const FIELDS = ['password', 'password_confirmation'] as const;

/** /resetpassword?token=...&email=...: the link from the reset e-mail. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reset = useResetPasswordRequest();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const { register, handleSubmit, setError, formState } = useForm<TResetPasswordRequest>({
    resolver: lazyResolver((schemas) => schemas.resetPasswordResolver),
    defaultValues: { token, email, password: '', password_confirmation: '' },
  });
  const { errors } = formState;

  useEffect(preloadAuthSchemas, []);
  const field = (name: keyof TResetPasswordRequest) => authFieldProps({ register, formState }, t, name);
  // token and email come from the link; their errors cannot sit under a field the user sees.
  const linkError = translateServerMessage(t, errors.token?.message ?? errors.email?.message);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.run(values);
    } catch (error) {
      applyApiError({ error, fields: FIELDS, setError, t });
    }
  });

  if (reset.data) {
    return (
      <AuthCard title={t('auth.reset_title')}>
        <Stack spacing={3}>
          <Alert severity="success" role="status">
            {translateServerMessage(t, { code: reset.data.code ?? 'auth.password_reset', params: reset.data.params })}
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained" size="large">
            {t('auth.back_to_login')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.reset_title')} subtitle={email ? t('auth.reset_subtitle', { email }) : undefined}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {(!token || !email) && <Alert severity="warning">{t('validation.reset_link_invalid')}</Alert>}
        {linkError && <Alert severity="error">{linkError}</Alert>}
        {errors.root?.server && <Alert severity="error">{errors.root.server.message}</Alert>}
        <PasswordField
          {...field('password')}
          label={t('auth.new_password')}
          autoComplete="new-password"
          autoFocus
          fullWidth
        />
        <PasswordField
          {...field('password_confirmation')}
          label={t('auth.confirm_password')}
          autoComplete="new-password"
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting || !token}>
          {t('auth.reset_submit')}
        </Button>
        <Link component={RouterLink} to="/forgotpassword" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('auth.request_new_link')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
