import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZProviderInput, type TProvider, type TProviderInput } from '@cod/shared';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NoteField } from '../../components/catalogue-kit/note-field';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { PendingState } from '../../components/catalogue-kit/detail-states';
import { ProviderContactsEditor, type TProviderFormValues } from './provider-contacts-editor';
import { useProviderQuery, useSaveProvider } from './providers-api';

const FIELDS = [
  'name',
  'phone',
  'email',
  'address',
  'notes',
  'contacts.*.name',
  'contacts.*.role',
  'contacts.*.phone',
  'contacts.*.email',
];

/** A field across both columns of the form. */
const wide = { gridColumn: '1 / -1' };

function toForm(provider: TProvider | null): TProviderFormValues {
  return {
    name: provider?.name ?? '',
    phone: provider?.phone ?? '',
    email: provider?.email ?? '',
    address: provider?.address ?? '',
    notes: provider?.notes ?? '',
    contacts: (provider?.contacts ?? []).map((c) => ({
      name: c.name,
      role: c.role ?? '',
      phone: c.phone ?? '',
      email: c.email ?? '',
    })),
  };
}

function ProviderForm({ provider, onClose }: { provider: TProvider | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveProvider();
  const { form, serverError, fieldError, field, dialogProps } = useDialogForm<TProviderFormValues, TProviderInput>({
    resolver: zodResolver(ZProviderInput),
    defaultValues: toForm(provider),
    fields: FIELDS,
    onClose,
    submit: async (input) => {
      const saved = await save.mutateAsync({ id: provider?.id ?? null, input });
      return t(provider ? 'providers.updated' : 'providers.created', { name: saved.name });
    },
  });
  const { register } = form;

  return (
    <FormProvider {...form}>
      <ResponsiveDialog
        {...dialogProps}
        testId="provider-dialog"
        title={provider ? t('providers.edit_title', { name: provider.name }) : t('providers.create_title')}
        submit={{ submitLabel: provider ? t('common.save') : t('providers.create') }}
      >
        <Box sx={{ display: 'grid', gap: 2, pt: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {serverError && (
            <Alert severity="error" sx={wide}>
              {serverError}
            </Alert>
          )}
          <TextField {...field('name')} label={t('providers.name')} required autoFocus sx={wide} />
          <TextField
            {...register('phone')}
            type="tel"
            label={t('providers.phone')}
            error={Boolean(fieldError('phone'))}
            helperText={fieldError('phone') ?? t('providers.phone_help')}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <TextField
            {...field('email')}
            type="email"
            label={t('providers.email')}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <NoteField {...field('address')} label={t('providers.address')} sx={wide} />
          <NoteField
            {...field('notes')}
            label={t('providers.notes')}
            placeholder={t('providers.notes_hint')}
            sx={wide}
          />
          <Box sx={{ ...wide, display: 'grid', gap: 1 }}>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('providers.contacts')}
            </Typography>
            <ProviderContactsEditor />
          </Box>
        </Box>
      </ResponsiveDialog>
    </FormProvider>
  );
}

/** `?dialog=create` or `?dialog=edit&id=`: the provider form. */
export function ProviderDialog({ providerId, onClose }: { providerId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const provider = useProviderQuery(providerId);
  if (providerId === null) return <ProviderForm provider={null} onClose={onClose} />;
  if (provider.data) return <ProviderForm key={provider.data.id} provider={provider.data} onClose={onClose} />;
  return (
    <ResponsiveDialog open onClose={onClose} title={t('providers.edit_title_loading')}>
      <PendingState query={provider} skeletons={[56, 56, 120]} />
    </ResponsiveDialog>
  );
}
