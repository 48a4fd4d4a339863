import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { z } from 'zod';
import type { ZProviderInput } from '@cod/shared';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/catalogue-kit/form-text-field';
import { CollectionAddButton, CollectionItemButton } from '../../components/catalogue-kit/collection-controls';

export type TProviderFormValues = z.input<typeof ZProviderInput>;

// Shared schema: at most 20 contacts per provider.
const MAX_CONTACTS = 20;

// How a contact is reached: typed left to right, with the phone or e-mail keyboard.
const CONTACT_LINES = [
  { field: 'phone', type: 'tel' },
  { field: 'email', type: 'email' },
] as const;

/** The people to call at a supplier: sales, accounting, the driver who delivers. */
export function ProviderContactsEditor() {
  const { t } = useTranslation();
  const { control } = useFormContext<TProviderFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'contacts', keyName: 'key' });

  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('providers.no_contacts')}
        </Typography>
      )}
      {fields.map((field, index) => (
        <Paper key={field.key} variant="outlined" sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField<TProviderFormValues>
              name={`contacts.${index}.name`}
              label={t('providers.contact_name')}
              required
            />
            <FormTextField<TProviderFormValues>
              name={`contacts.${index}.role`}
              label={t('providers.contact_role')}
              placeholder={t('providers.contact_role_hint')}
            />
            {CONTACT_LINES.map(({ field: line, type }) => (
              <FormTextField<TProviderFormValues>
                key={line}
                name={`contacts.${index}.${line}`}
                type={type}
                label={t(`providers.${line}`)}
                slotProps={{ htmlInput: { dir: 'ltr' } }}
              />
            ))}
          </Box>
          <CollectionItemButton title={t('providers.remove_contact')} onClick={() => remove(index)} />
        </Paper>
      ))}
      <CollectionAddButton
        count={fields.length}
        max={MAX_CONTACTS}
        label={t('providers.add_contact')}
        size="small"
        onAdd={() => append({ name: '', role: '', phone: '', email: '' })}
      />
    </Box>
  );
}
