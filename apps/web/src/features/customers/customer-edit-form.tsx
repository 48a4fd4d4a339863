import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZCustomerUpdate } from '@cod/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { translateCatalogueMessage } from '../lists/catalogue-messages';
import { applyServerErrors } from '../lists/server-errors';
import { useUpdateCustomer, type TCustomerDetail } from './customers-api';

interface TForm {
  name: string;
  note: string;
}

/** The shop's own name and note for a customer (the phone is the customer: it does not change). */
export function CustomerEditForm({ customer, onDone }: { customer: TCustomerDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCustomer();
  const { register, handleSubmit, setError, formState } = useForm<
    TForm,
    unknown,
    { name: string | null; note: string | null }
  >({
    resolver: zodResolver(ZCustomerUpdate) as never,
    defaultValues: { name: customer.name ?? '', note: customer.note ?? '' },
  });
  const message = (field: 'name' | 'note') => translateCatalogueMessage(t, formState.errors[field]?.message);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ phone: customer.phone, ...input });
      void toast(t('customers.updated'), { variant: 'success' });
      onDone();
    } catch (error) {
      applyServerErrors({ error, setError, t, isField: (field) => field === 'name' || field === 'note' });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
      {formState.errors.root?.server && <Alert severity="error">{formState.errors.root.server.message}</Alert>}
      <TextField
        {...register('name')}
        label={t('customers.name')}
        autoFocus
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
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={formState.isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
