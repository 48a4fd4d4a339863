import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZCustomerInput, type TCustomer, type TCustomerInput } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ltr } from '../../lib/bidi';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { useCreateCustomer } from './customers-api';
import { formatPhone } from './format-phone';
import { CustomerNameAndNoteFields } from './customer-fields';

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
  const { form, serverError, fieldError, field, dialogProps } = useDialogForm<TForm, TCustomerInput>({
    resolver: zodResolver(ZCustomerInput) as never,
    defaultValues: { phone: '', name: '', note: '' },
    fields: ['phone', 'name', 'note'],
    onClose,
    submit: async (input) => {
      const customer = await create.mutateAsync(input);
      void toast(t('customers.created', { phone: ltr(formatPhone(customer.phone)) }), { variant: 'success' });
      onCreated(customer);
    },
  });
  const { register } = form;

  return (
    <ResponsiveDialog
      {...dialogProps}
      testId="customer-create-dialog"
      title={t('customers.create_title')}
      submit={{ submitLabel: t('customers.create') }}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <TextField
          {...register('phone')}
          type="tel"
          label={t('customers.phone')}
          required
          autoFocus
          error={Boolean(fieldError('phone'))}
          helperText={fieldError('phone') ?? t('customers.phone_help')}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
        />
        <CustomerNameAndNoteFields field={field} />
      </Box>
    </ResponsiveDialog>
  );
}
