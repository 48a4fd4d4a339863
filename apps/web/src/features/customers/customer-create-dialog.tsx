import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZCustomerInput, type TCustomer, type TCustomerInput } from '@cod/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ltr } from '../lists/bidi';
import { translateCatalogueMessage } from '../lists/catalogue-messages';
import { ResponsiveDialog } from '../lists/responsive-dialog';
import { applyServerErrors } from '../lists/server-errors';
import { useCreateCustomer } from './customers-api';
import { formatPhone } from './format-phone';

interface TForm {
  phone: string;
  name: string;
  note: string;
}

/** A customer known before their first order (a phone call, a shop visit): phone, name, note. */
export function CustomerCreateDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (customer: TCustomer) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateCustomer();
  const { register, handleSubmit, setError, formState } = useForm<TForm, unknown, TCustomerInput>({
    resolver: zodResolver(ZCustomerInput) as never,
    defaultValues: { phone: '', name: '', note: '' },
  });
  const message = (field: keyof TForm) => translateCatalogueMessage(t, formState.errors[field]?.message);

  const onSubmit = handleSubmit(async (input) => {
    try {
      const customer = await create.mutateAsync(input);
      void toast(t('customers.created', { phone: ltr(formatPhone(customer.phone)) }), { variant: 'success' });
      onCreated(customer);
    } catch (error) {
      applyServerErrors({ error, setError, t, isField: (field) => ['phone', 'name', 'note'].includes(field) });
    }
  });

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      onSubmit={onSubmit}
      busy={formState.isSubmitting}
      testId="customer-create-dialog"
      title={t('customers.create_title')}
      actions={
        <>
          <Button onClick={onClose} disabled={formState.isSubmitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            {t('customers.create')}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {formState.errors.root?.server && <Alert severity="error">{formState.errors.root.server.message}</Alert>}
        <TextField
          {...register('phone')}
          type="tel"
          label={t('customers.phone')}
          required
          autoFocus
          error={Boolean(message('phone'))}
          helperText={message('phone') ?? t('customers.phone_help')}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
        />
        <TextField
          {...register('name')}
          label={t('customers.name')}
          error={Boolean(message('name'))}
          helperText={message('name')}
        />
        <TextField
          {...register('note')}
          label={t('customers.note')}
          placeholder={t('customers.note_hint')}
          multiline
          minRows={2}
          error={Boolean(message('note'))}
          helperText={message('note')}
        />
      </Box>
    </ResponsiveDialog>
  );
}
