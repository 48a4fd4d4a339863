import { useEffect, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ResponsiveDialog } from '../lists/responsive-dialog';
import { useParcelTickets } from './shipping-api';
import { failure } from './shipping-outcome';

/**
 * SPEC 2.4 parcel tickets dialog: one short-lived link per order (the carrier's label, or our A6
 * label). SPEC 8: the first returned error is shown; none at all is the warning
 * 'No parcel tickets available for selected orders'; a failure shows the server's error or
 * 'An unexpected error occurred'.
 */
export function ParcelTicketsDialog({ orderIds, onClose }: { orderIds: readonly number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const tickets = useParcelTickets();
  const { mutate } = tickets;
  const asked = useRef<string | null>(null);

  useEffect(() => {
    // Once per selection (a re-render or StrictMode's second effect must not ask twice).
    const key = orderIds.join(',');
    if (asked.current === key) return;
    asked.current = key;
    if (!orderIds.length) {
      void toast(t('shipping.select_orders'), { variant: 'warning' });
      onClose();
      return;
    }
    mutate([...orderIds], {
      onSuccess: (answer) => {
        if (answer.errors[0]) void toast(answer.errors[0].message, { variant: 'error' });
        if (!answer.results.length) {
          void toast(t('shipping.no_tickets'), { variant: 'warning' });
          onClose();
        } else if (answer.results.length === 1) {
          window.open(answer.results[0]!.parcel_ticket_url, '_blank', 'noopener');
        }
      },
      onError: (error) => {
        void toast(failure(t, error, 'shipping.unexpected'), { variant: 'error' });
        onClose();
      },
    });
  }, [orderIds, mutate, onClose, t]);

  const results = tickets.data?.results ?? [];
  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      title={t('shipping.tickets_title')}
      testId="parcel-tickets-dialog"
      maxWidth="xs"
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {tickets.isPending && <CircularProgress size={28} aria-label={t('shipping.loading')} />}
      {tickets.data && tickets.data.errors.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {t('shipping.tickets_missing', { n: tickets.data.errors.length })}
        </Alert>
      )}
      <List dense>
        {results.map((ticket) => (
          <ListItemButton
            key={ticket.order_id}
            component="a"
            href={ticket.parcel_ticket_url}
            target="_blank"
            rel="noopener"
          >
            <ListItemIcon>
              <PictureAsPdfOutlinedIcon />
            </ListItemIcon>
            <ListItemText primary={t('shipping.ticket_of', { id: ticket.order_id })} />
          </ListItemButton>
        ))}
      </List>
    </ResponsiveDialog>
  );
}
