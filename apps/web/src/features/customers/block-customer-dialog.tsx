import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZBlockCustomerRequest, ZUnblockCustomerRequest } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ltr } from '../../lib/bidi';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { useDialogForm } from '../../components/dialogs/use-dialog-form';
import { useBlockCustomer, useUnblockCustomer } from './customers-api';
import { formatPhone } from './format-phone';

interface TBlockCustomerDialogProps {
  phone: string;
  name: string | null;
  /** block: the reason is required (issue 3.6); unblock: it is optional. */
  mode: 'block' | 'unblock';
  onClose: () => void;
}

const blockResolver = zodResolver(ZBlockCustomerRequest);
const unblockResolver = zodResolver(ZUnblockCustomerRequest);

/** Blocks (reason required) or unblocks a customer; every order of a blocked customer is flagged. */
export function BlockCustomerDialog({ phone, name, mode, onClose }: TBlockCustomerDialogProps) {
  const { t } = useTranslation();
  const block = useBlockCustomer();
  const unblock = useUnblockCustomer();
  const who = name ? `${name} (${ltr(formatPhone(phone))})` : ltr(formatPhone(phone));
  const { form, serverError, fieldError, dialogProps } = useDialogForm<{ reason: string }>({
    resolver: (mode === 'block' ? blockResolver : unblockResolver) as never,
    defaultValues: { reason: '' },
    fields: ['reason'],
    onClose,
    submit: async ({ reason }) => {
      if (mode === 'block') await block.mutateAsync({ phone, reason });
      else await unblock.mutateAsync({ phone, reason: reason || null });
      void toast(t(mode === 'block' ? 'customers.blocked_toast' : 'customers.unblocked_toast', { who }), {
        variant: 'success',
      });
      onClose();
    },
  });
  const reasonError = fieldError('reason');

  return (
    <ResponsiveDialog
      {...dialogProps}
      maxWidth="xs"
      testId={`${mode}-customer-dialog`}
      title={t(mode === 'block' ? 'customers.block_title' : 'customers.unblock_title')}
      submit={{
        submitColor: mode === 'block' ? 'error' : 'primary',
        submitLabel: t(mode === 'block' ? 'customers.block' : 'customers.unblock'),
      }}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <Typography variant="body2">
          {t(mode === 'block' ? 'customers.block_message' : 'customers.unblock_message', { who })}
        </Typography>
        {serverError && <Alert severity="error">{serverError}</Alert>}
        <TextField
          {...form.register('reason')}
          label={t(mode === 'block' ? 'customers.block_reason' : 'customers.unblock_reason')}
          placeholder={t(mode === 'block' ? 'customers.block_reason_hint' : 'customers.unblock_reason_hint')}
          required={mode === 'block'}
          autoFocus
          multiline
          minRows={3}
          error={Boolean(reasonError)}
          helperText={reasonError}
        />
      </Box>
    </ResponsiveDialog>
  );
}
