import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { TCurrentShipment } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { ResponsiveDialog } from '../../components/dialogs/responsive-dialog';
import { DriverNotifyDialog, DriverUpdatesDialog } from './driver-dialogs';
import { useCancelShipment, useRefreshShipment, useShipmentTimeline } from './shipping-api';
import { failureMessage } from '../../lib/server-message';
import { announceResult } from '../../lib/announce-result';
import { formatDateTime, formatLocalDateTime } from '../../lib/format-date';

/** SPEC 2.4 shipment status timeline: the carrier's statuses with SPEC 4's dot colours. */
export function ShipmentTimelineDialog({ orderId, onClose }: { orderId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const timeline = useShipmentTimeline(orderId);
  const refresh = useRefreshShipment();
  const cancel = useCancelShipment();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [driver, setDriver] = useState<'notify' | 'updates' | null>(null);
  const shipment = timeline.data?.order.current_shipment ?? null;

  const onRefresh = async () => {
    try {
      await refresh.mutateAsync(orderId);
      await timeline.refetch();
    } catch (error) {
      void toast(failureMessage(t, error, 'shipping.refresh_failed'), { variant: 'error' });
    }
  };
  const onCancel = async () => {
    const done = await announceResult(t, () => cancel.mutateAsync(orderId), { failureKey: 'shipping.cancel_failed' });
    setConfirmCancel(false);
    if (done) onClose();
  };

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      testId="shipment-timeline-dialog"
      title={t('shipping.timeline_title')}
      actions={
        shipment && (
          <>
            {/* SPEC 6: driver buttons only for shipments of the ecotrack company. */}
            {shipment.shipping_company.kind === 'ecotrack' && (
              <>
                <Button onClick={() => setDriver('notify')}>{t('shipping.notify_driver')}</Button>
                <Button onClick={() => setDriver('updates')}>{t('shipping.driver_updates')}</Button>
              </>
            )}
            <Button color="error" onClick={() => setConfirmCancel(true)} disabled={cancel.isPending}>
              {t('shipping.cancel_shipment')}
            </Button>
            <Button variant="contained" onClick={() => void onRefresh()} disabled={refresh.isPending}>
              {t('shipping.refresh')}
            </Button>
          </>
        )
      }
    >
      {timeline.isLoading ? (
        <CircularProgress size={28} aria-label={t('shipping.loading')} />
      ) : timeline.isError ? (
        <Alert severity="error">{failureMessage(t, timeline.error, 'shipping.unexpected')}</Alert>
      ) : !shipment ? (
        <EmptyState title={t('shipping.no_active_shipment')} />
      ) : (
        <ShipmentDetails shipment={shipment} />
      )}
      {confirmCancel && (
        <ConfirmDialog
          open
          title={t('shipping.cancel_shipment')}
          message={t('shipping.cancel_confirm')}
          confirmLabel={t('shipping.cancel_shipment')}
          busy={cancel.isPending}
          onConfirm={() => void onCancel()}
          onClose={() => setConfirmCancel(false)}
        />
      )}
      {driver === 'notify' && <DriverNotifyDialog orderId={orderId} onClose={() => setDriver(null)} />}
      {driver === 'updates' && <DriverUpdatesDialog orderId={orderId} onClose={() => setDriver(null)} />}
    </ResponsiveDialog>
  );
}

function EmptyState({ title }: { title: string }) {
  return (
    <Typography align="center" color="text.secondary" sx={{ py: 4 }}>
      {title}
    </Typography>
  );
}

function ShipmentDetails({ shipment }: { shipment: TCurrentShipment }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography fontWeight={600}>{shipment.shipping_company.name}</Typography>
        <Chip size="small" label={shipment.tracking_number} data-testid="timeline-tracking" />
        {shipment.status && (
          <Chip size="small" color="primary" variant="outlined" label={t(`shipping.status.${shipment.status}`)} />
        )}
        <Typography variant="body2" color="text.secondary">
          {formatLocalDateTime(shipment.formatted_created_at)} · {shipment.created_time_ago}
        </Typography>
      </Box>
      {shipment.driver_phone && (
        <Typography variant="body2">
          {t('shipping.driver_phone')}: <bdi>{shipment.driver_phone}</bdi>
        </Typography>
      )}
      {!shipment.statuses.length ? (
        <EmptyState title={t('shipping.no_status_updates')} />
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="shipment-timeline">
          {shipment.statuses.map((entry) => (
            <Box
              component="li"
              key={entry.id}
              sx={{ display: 'grid', gridTemplateColumns: '16px 1fr', gap: 1.5, pb: 2, position: 'relative' }}
            >
              <Box
                data-color={entry.color}
                sx={{ width: 12, height: 12, mt: 0.5, borderRadius: '50%', bgcolor: `${entry.color}.main` }}
              />
              <Box>
                <Typography variant="body2" fontWeight={600}>
                  {entry.status ? t(`shipping.status.${entry.status}`) : entry.raw_status}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {entry.raw_status}
                  {entry.description ? ` · ${entry.description}` : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(entry.created_at)}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
