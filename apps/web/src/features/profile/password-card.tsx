import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZPasswordChange } from '@cod/shared';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, fieldMatcher } from '../../lib/server-errors';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useChangePassword } from './profile-api';
import { CardHeading } from '../../components/cards/card-heading';

type TForm = z.input<typeof ZPasswordChange>;
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY: TForm = { current_password: '', password: '', password_confirmation: '' };

/** Issue 18.4: the current password is required; every other session is signed out. */
export function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<TForm>({ resolver: zodResolver(ZPasswordChange), defaultValues: EMPTY });
  const { register, formState } = form;
  const fieldError = (name: Path<TForm>) =>
    translateServerMessage(t, form.getFieldState(name, formState).error?.message);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await change.mutateAsync(input);
      form.reset(EMPTY);
      void toast(translateServerMessage(t, answer), { variant: 'success' });
    } catch (error) {
      applyServerErrors({ error, setError: form.setError, t, isField: fieldMatcher(FIELDS) });
    }
  });

  const labels: Record<(typeof FIELDS)[number], string> = {
    current_password: t('account.current_password'),
    password: t('account.new_password'),
    password_confirmation: t('account.confirm_password'),
  };

  return (
    <Paper component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }} data-testid="profile-password">
      <CardHeading title={t('account.password')} help={t('account.password_help')} helpSx={{ mb: 2 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(3, 1fr)' } }}>
        {formState.errors.root?.server && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {formState.errors.root.server.message}
          </Alert>
        )}
        {FIELDS.map((name) => (
          <TextField
            key={name}
            {...register(name)}
            type="password"
            label={labels[name]}
            autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
            required
            error={Boolean(fieldError(name))}
            helperText={fieldError(name)}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {t('account.change_password')}
        </Button>
      </Box>
    </Paper>
  );
}
