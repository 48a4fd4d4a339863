import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZPasswordChange } from '@cod/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, fieldMatcher } from '../../lib/server-errors';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useChangePassword } from './profile-api';
import { CardHeading } from '../../components/cards/card-heading';
import { useFormFields } from '../../components/forms/use-form-fields';
import { AccountFormCard } from './account-form-card';

type TForm = z.input<typeof ZPasswordChange>;
const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;
const EMPTY: TForm = { current_password: '', password: '', password_confirmation: '' };

/** Issue 18.4: the current password is required; every other session is signed out. */
export function PasswordCard() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const form = useForm<TForm>({ resolver: zodResolver(ZPasswordChange), defaultValues: EMPTY });
  const { formState } = form;
  const { field } = useFormFields(form);

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
    <AccountFormCard
      testId="profile-password"
      onSubmit={onSubmit}
      heading={<CardHeading title={t('account.password')} help={t('account.password_help')} helpSx={{ mb: 2 }} />}
      columns="repeat(3, 1fr)"
      serverError={formState.errors.root?.server?.message}
      submitLabel={t('account.change_password')}
      submitting={formState.isSubmitting}
    >
      {FIELDS.map((name) => (
        <TextField
          key={name}
          {...field(name)}
          type="password"
          label={labels[name]}
          autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
          required
        />
      ))}
    </AccountFormCard>
  );
}
