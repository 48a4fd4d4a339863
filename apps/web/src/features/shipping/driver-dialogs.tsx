import { useState } from 'react';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format-date';
import { toast } from '../../lib/toast';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { ReadOnlyDialog } from '../../components/ops-kit/read-only-dialog';
import { useDriverUpdates, useNotifyDriver } from './shipping-api';

/** SPEC 2.4 ecotrack notify driver. SPEC 5: an empty message cannot be sent (nothing is sent). */
export function DriverNotifyDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const notify = useNotifyDriver();
  const [message, setMessage] = useState('');
  const empty = message.trim() === '';

  const submit = async () => {
    if (empty) return;
    try {
      await notify.mutateAsync({ orderId, message: message.trim() });
      void toast(t('shipping.driver_notified'), { variant: 'success' });
      onClose();
    } catch {
      void toast(t('shipping.driver_notify_failed'), { variant: 'error' });
    }
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      onSave={submit}
      busy={notify.isPending}
      maxWidth="xs"
      testId="driver-notify-dialog"
      title={t('shipping.notify_driver')}
      submit={{ submitLabel: t('shipping.send'), submitDisabled: empty }}
    >
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={t('shipping.driver_message')}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </ResponsiveDialog>
  );
}

/** SPEC 2.4 ecotrack driver updates; SPEC 8 'No updates found.' and 'Failed to fetch driver updates'. */
export function DriverUpdatesDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const updates = useDriverUpdates(orderId);
  return (
    <ReadOnlyDialog onClose={onClose} maxWidth="xs" testId="driver-updates-dialog" title={t('shipping.driver_updates')}>
      {updates.isLoading ? (
        <CircularProgress size={28} aria-label={t('shipping.loading')} />
      ) : updates.isError ? (
        <Alert severity="error">{t('shipping.driver_updates_failed')}</Alert>
      ) : !updates.data?.updates.length ? (
        <Typography color="text.secondary">{t('shipping.no_updates')}</Typography>
      ) : (
        <List dense>
          {updates.data.updates.map((update, index) => (
            <ListItem key={`${update.at}-${index}`} disableGutters>
              <ListItemText
                primary={update.text}
                secondary={[formatDateTime(update.at), update.station, update.driver].filter(Boolean).join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </ReadOnlyDialog>
  );
}
