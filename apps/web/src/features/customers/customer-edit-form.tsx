import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZCustomerUpdate } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { FormDialogActions } from '../../components/dialogs/form-dialog-actions';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { CustomerNameAndNoteFields } from './customer-fields';
import { useUpdateCustomer, type TCustomerDetail } from './customers-api';

interface TForm {
  name: string;
  note: string;
}

/** The shop's own name and note for a customer (the phone is the customer: it does not change). */
export function CustomerEditForm({ customer, onDone }: { customer: TCustomerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer();
  // Shown inside the customer's dialog rather than as one of its own; the wiring is the same.
  const { onSubmit, busy, serverError, field } = useDialogForm<TForm, { name: string | null; note: string | null }>({
    resolver: zodResolver(ZCustomerUpdate) as never,
    defaultValues: { name: customer.name ?? '', note: customer.note ?? '' },
    fields: ['name', 'note'],
    onClose: onDone,
    submit: async (input) => {
      await update.mutateAsync({ phone: customer.phone, ...input });
      void toast(t('customers.updated'), { variant: 'success' });
      onDone();
    },
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <CustomerNameAndNoteFields field={field} autoFocus />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <FormDialogActions onCancel={onDone} busy={busy} submitLabel={t('common.save')} />
      </Box>
    </Box>
  );
}
