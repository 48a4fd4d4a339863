import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { LOCALES, ZProfileUpdate, type TProfile } from '@cod/shared';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../components/money-kit/phone-field';
import type { z } from 'zod';
import { useChangeLocale } from '../../app/locale/use-change-locale';
import { applyServerErrors, fieldMatcher } from '../../lib/server-errors';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useUpdateProfile } from './profile-api';
import { useFormFields } from '../../components/forms/use-form-fields';

type TForm = z.input<typeof ZProfileUpdate>;
type TOutput = z.output<typeof ZProfileUpdate>;

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

/** Name, phone and language (issue 18.4); the e-mail is the sign-in address and is shown only. */
export function DetailsCard({ profile }: { profile: TProfile }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const { changeLocale } = useChangeLocale();
  const form = useForm<TForm, unknown, TOutput>({
    resolver: zodResolver(ZProfileUpdate),
    defaultValues: { name: profile.name, phone: profile.phone ?? '', locale: profile.locale },
  });
  const { register, control, formState } = form;
  const { fieldError, field } = useFormFields(form);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const answer = await update.mutateAsync(input);
      form.reset({ name: answer.profile.name, phone: answer.profile.phone ?? '', locale: answer.profile.locale });
      void toast(translateServerMessage(t, answer), { variant: 'success' });
      if (answer.profile.locale !== i18n.resolvedLanguage) await changeLocale(answer.profile.locale);
    } catch (error) {
      applyServerErrors({ error, setError: form.setError, t, isField: fieldMatcher(['name', 'phone', 'locale']) });
    }
  });

  return (
    <Paper component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }} data-testid="profile-details">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('account.details')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '1fr 1fr' } }}>
        {formState.errors.root?.server && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {formState.errors.root.server.message}
          </Alert>
        )}
        <TextField {...field('name')} label={t('account.name')} required />
        <TextField
          label={t('account.email')}
          value={profile.email}
          disabled
          helperText={t('account.email_help')}
          slotProps={{ htmlInput: { dir: 'ltr' } }}
        />
        <PhoneField
          {...register('phone')}
          label={t('account.phone')}
          error={Boolean(fieldError('phone'))}
          helperText={fieldError('phone') ?? t('account.phone_help')}
        />
        <Controller
          control={control}
          name="locale"
          render={({ field }) => (
            <TextField
              select
              label={t('account.language')}
              value={field.value}
              onChange={field.onChange}
              inputRef={field.ref}
              error={Boolean(fieldError('locale'))}
              helperText={fieldError('locale')}
              data-testid="profile-language"
            >
              {LOCALES.map((locale) => (
                <MenuItem key={locale} value={locale} lang={locale}>
                  {LANGUAGE_NAMES[locale]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {t('account.save')}
        </Button>
      </Box>
    </Paper>
  );
}
