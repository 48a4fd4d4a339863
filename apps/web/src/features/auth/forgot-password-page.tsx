import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useForgotPasswordRequest } from './auth-api';
import { AuthCard } from './auth-card';
import { FormAlert, preloadFormAlert } from './form-alert';
import { applyApiError, authFieldProps } from './form-errors';
import { lazyResolver, preloadAuthSchemas } from './lazy-resolver';
import { OutlinedField } from './outlined-field';
import { translateServerMessage } from '../../lib/server-message';

const FIELDS = ['email'] as const;

/** /forgotpassword: the server answers the same message whether or not the address exists. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const forgot = useForgotPasswordRequest();
  const { register, handleSubmit, setError, formState } = useForm<{ email: string }>({
    resolver: lazyResolver((schemas) => schemas.forgotPasswordResolver),
    defaultValues: { email: '' },
  });
  const { errors } = formState;

  useEffect(preloadAuthSchemas, []);
  const email = authFieldProps({ register, formState }, t, 'email');

  const onSubmit = handleSubmit(async (values) => {
    preloadFormAlert();
    try {
      await forgot.run(values);
    } catch (error) {
      applyApiError({ error, fields: FIELDS, setError, t });
    }
  });

  return (
    <AuthCard title={t('auth.forgot_title')} subtitle={t('auth.forgot_subtitle')}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={onSubmit}>
        {forgot.data && (
          <FormAlert severity="success" role="status">
            {translateServerMessage(t, {
              code: forgot.data.code ?? 'auth.reset_link_sent',
              params: forgot.data.params,
            })}
          </FormAlert>
        )}
        {errors.root?.server && <FormAlert severity="error">{errors.root.server.message}</FormAlert>}
        <OutlinedField {...email} label={t('auth.email')} type="email" autoComplete="email" autoFocus fullWidth />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {t('auth.forgot_submit')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'center' }}>
          {t('auth.back_to_login')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
