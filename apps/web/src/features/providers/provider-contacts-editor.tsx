import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { z } from 'zod';
import type { ZProviderInput } from '@cod/shared';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../lib/server-message';

export type TProviderFormValues = z.input<typeof ZProviderInput>;

// Shared schema: at most 20 contacts per provider.
const MAX_CONTACTS = 20;

/** The people to call at a supplier: sales, accounting, the driver who delivers. */
export function ProviderContactsEditor() {
  const { t } = useTranslation();
  const { control, register, formState } = useFormContext<TProviderFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'contacts', keyName: 'key' });
  const errors = formState.errors.contacts;
  const message = (index: number, field: 'name' | 'role' | 'phone' | 'email') =>
    translateServerMessage(t, errors?.[index]?.[field]?.message);

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
            <TextField
              {...register(`contacts.${index}.name`)}
              size="small"
              label={t('providers.contact_name')}
              required
              error={Boolean(message(index, 'name'))}
              helperText={message(index, 'name')}
            />
            <TextField
              {...register(`contacts.${index}.role`)}
              size="small"
              label={t('providers.contact_role')}
              placeholder={t('providers.contact_role_hint')}
              error={Boolean(message(index, 'role'))}
              helperText={message(index, 'role')}
            />
            <TextField
              {...register(`contacts.${index}.phone`)}
              size="small"
              type="tel"
              label={t('providers.phone')}
              error={Boolean(message(index, 'phone'))}
              helperText={message(index, 'phone')}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
            <TextField
              {...register(`contacts.${index}.email`)}
              size="small"
              type="email"
              label={t('providers.email')}
              error={Boolean(message(index, 'email'))}
              helperText={message(index, 'email')}
              slotProps={{ htmlInput: { dir: 'ltr' } }}
            />
          </Box>
          <Tooltip title={t('providers.remove_contact')}>
            <IconButton aria-label={t('providers.remove_contact')} onClick={() => remove(index)}>
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Paper>
      ))}
      {fields.length < MAX_CONTACTS && (
        <Box>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => append({ name: '', role: '', phone: '', email: '' })}
          >
            {t('providers.add_contact')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
