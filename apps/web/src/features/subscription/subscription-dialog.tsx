import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { subscriptionMessage, subscriptionTone, type TTenantPaymentStatus } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { PayNowButton } from './pay-now';

/** SPEC 9: the subscription dialog is 400 wide. */
export const SUBSCRIPTION_DIALOG_WIDTH = 400;

const SEVERITY = { not_active: 'error', expiring_soon: 'warning', active: 'success' } as const;

interface TSubscriptionDialogProps {
  status: TTenantPaymentStatus;
  daysLeft: number;
  open: boolean;
  onClose: () => void;
}

/** SPEC 4: three messages: not active, expiring soon (under 30 days), active (30 or more). */
export function SubscriptionDialog({ status, daysLeft, open, onClose }: TSubscriptionDialogProps) {
  const { t, i18n } = useTranslation();
  const message = subscriptionMessage(status, daysLeft);
  const days = Math.max(daysLeft, 0);
  const validTo = status.valid_to
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(status.valid_to))
    : t('common.none');

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      aria-labelledby="subscription-dialog-title"
      slotProps={{ paper: { sx: { maxWidth: SUBSCRIPTION_DIALOG_WIDTH } } }}
    >
      <DialogTitle id="subscription-dialog-title">{t('subscription.status_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity={SEVERITY[message]} variant="outlined">
            {t(`subscription.message_${message}`, { count: days })}
          </Alert>
          <Stack spacing={0.5}>
            <Typography variant="body2">{t('subscription.plan', { plan: status.plan ?? t('common.none') })}</Typography>
            <Typography variant="body2">{t('subscription.valid_to', { date: validTo })}</Typography>
            <Typography variant="body2" color={`${subscriptionTone(daysLeft)}.main`}>
              {t('subscription.days_left', { count: days })}
            </Typography>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        {status.status !== 'suspended' && <PayNowButton variant="outlined" />}
        <Button onClick={onClose} autoFocus>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
