import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZCustomerUpdate } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { FormDialogActions } from '../../components/dialogs/form-dialog-actions';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
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
  const { form, onSubmit, busy, serverError, fieldError } = useDialogForm<
    TForm,
    { name: string | null; note: string | null }
  >({
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
  const { register } = form;

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <TextField
        {...register('name')}
        label={t('customers.name')}
        autoFocus
        error={Boolean(fieldError('name'))}
        helperText={fieldError('name')}
      />
      <TextField
        {...register('note')}
        label={t('customers.note')}
        placeholder={t('customers.note_hint')}
        multiline
        minRows={2}
        error={Boolean(fieldError('note'))}
        helperText={fieldError('note')}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <FormDialogActions onCancel={onDone} busy={busy} submitLabel={t('common.save')} />
      </Box>
    </Box>
  );
}
