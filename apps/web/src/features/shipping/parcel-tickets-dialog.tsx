import { useEffect, useRef, type MouseEvent } from 'react';
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
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { ticketNotice } from './parcel-ticket-outcome';
import { useParcelTickets } from './shipping-api';
import { failureMessage, translateServerMessage } from '../../lib/server-message';

/**
 * SPEC 2.4 parcel tickets dialog: one short-lived link per order (the carrier's label, or our A6
 * label). SPEC 8: the first returned error is shown; none at all is the warning
 * 'No parcel tickets available for selected orders'; a failure shows the server's error or
 * 'An unexpected error occurred'. A ticket link is spent by its first use and lives a minute
 * (docs/decisions/0040): a click in the list opens a fresh one, and a link opened at once is
 * replaced in the list.
 */
export function ParcelTicketsDialog({ orderIds, onClose }: { orderIds: readonly number[]; onClose: () => void }) {
  const { t } = useTranslation();
  const tickets = useParcelTickets();
  const fresh = useParcelTickets();
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
        const notice = ticketNotice(answer);
        if (notice.kind === 'error') void toast(translateServerMessage(t, notice.error), { variant: 'error' });
        if (notice.kind === 'none') void toast(t('shipping.no_tickets'), { variant: 'warning' });
        if (!answer.results.length) {
          onClose();
        } else if (answer.results.length === 1) {
          window.open(answer.results[0]!.parcel_ticket_url, '_blank', 'noopener');
          // That link is now spent: the list offers an unused one.
          mutate([...orderIds]);
        }
      },
      onError: (error) => {
        void toast(failureMessage(t, error, 'shipping.unexpected'), { variant: 'error' });
        onClose();
      },
    });
  }, [orderIds, mutate, onClose, t]);

  const openFresh = (event: MouseEvent<HTMLElement>, orderId: number) => {
    event.preventDefault();
    // Opened inside the click, before any await, so pop-up blockers allow it.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    fresh.mutateAsync([orderId]).then(
      (answer) => {
        const url = answer.results[0]?.parcel_ticket_url;
        if (!url) {
          tab?.close();
          void toast(translateServerMessage(t, answer.errors[0]) ?? t('shipping.no_tickets'), { variant: 'error' });
        } else if (tab) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
      },
      (error: unknown) => {
        tab?.close();
        void toast(failureMessage(t, error, 'shipping.unexpected'), { variant: 'error' });
      },
    );
  };

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
            onClick={(event: MouseEvent<HTMLElement>) => openFresh(event, ticket.order_id)}
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
