import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { LOCALES, ZProfileUpdate, type TProfile } from '@cod/shared';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneField } from '../../components/money-kit/phone-field';
import type { z } from 'zod';
import { useChangeLocale } from '../../app/locale/use-change-locale';
import { applyServerErrors, fieldMatcher } from '../../lib/server-errors';
import { translateServerMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useUpdateProfile } from './profile-api';
import { useFormFields } from '../../components/forms/use-form-fields';
import { AccountFormCard } from './account-form-card';

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
  const { formState } = form;
  const { fieldError, field } = useFormFields(form);
  const language = useController({ control: form.control, name: 'locale' }).field;

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
    <AccountFormCard
      testId="profile-details"
      onSubmit={onSubmit}
      heading={
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('account.details')}
        </Typography>
      }
      columns="1fr 1fr"
      serverError={formState.errors.root?.server?.message}
      submitLabel={t('account.save')}
      submitting={formState.isSubmitting}
    >
      <TextField {...field('name')} label={t('account.name')} required />
      <TextField
        label={t('account.email')}
        value={profile.email}
        disabled
        helperText={t('account.email_help')}
        slotProps={{ htmlInput: { dir: 'ltr' } }}
      />
      <PhoneField
        {...field('phone')}
        label={t('account.phone')}
        helperText={fieldError('phone') ?? t('account.phone_help')}
      />
      <TextField
        select
        label={t('account.language')}
        value={language.value}
        onChange={language.onChange}
        inputRef={language.ref}
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
    </AccountFormCard>
  );
}
