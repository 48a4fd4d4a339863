import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TWebhookDelivery, TWebhookEndpoint } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { ReadOnlyDialog } from '../../components/ops-kit/read-only-dialog';
import { formatDateTime } from '../../lib/format-date';
import { failureMessage } from '../../lib/server-message';
import { toast } from '../../lib/toast';
import { useDeliveriesQuery, useReplayDelivery } from './webhooks-api';

const STATE_COLOURS = { pending: 'warning', sending: 'info', succeeded: 'success', failed: 'error' } as const;

/** Issue 15.7: an endpoint's last 50 deliveries, each attempt's answer, and the replay button. */
export function DeliveryLogDialog({
  endpoint,
  canReplay,
  onClose,
}: {
  endpoint: TWebhookEndpoint;
  canReplay: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const deliveries = useDeliveriesQuery(endpoint.id);
  const replay = useReplayDelivery();

  const onReplay = async (delivery: TWebhookDelivery) => {
    try {
      await replay.mutateAsync({ endpointId: endpoint.id, deliveryId: delivery.id });
      await deliveries.refetch();
      void toast(t('webhooks.replayed'), { variant: 'success' });
    } catch (error) {
      void toast(failureMessage(t, error), { variant: 'error' });
    }
  };

  const list = deliveries.data?.data ?? [];
  return (
    <ReadOnlyDialog
      onClose={onClose}
      testId="webhook-log-dialog"
      maxWidth="md"
      title={t('webhooks.log_title')}
      closeLabel={t('webhooks.close')}
    >
      <Typography variant="body2" dir="ltr" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mb: 2 }}>
        {endpoint.url}
      </Typography>
      {deliveries.isLoading && <Skeleton variant="rounded" height={120} />}
      {deliveries.data && !list.length && (
        <Typography variant="body2" color="text.secondary">
          {t('webhooks.log_empty')}
        </Typography>
      )}
      <Stack sx={{ gap: 1 }}>
        {list.map((delivery) => (
          <Box
            key={delivery.id}
            data-testid={`webhook-delivery-${delivery.id}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Chip
                size="small"
                color={STATE_COLOURS[delivery.state]}
                label={t(`webhooks.state.${delivery.state}`)}
                data-testid="webhook-delivery-state"
              />
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {delivery.event === 'ping'
                  ? t('webhooks.events.ping')
                  : t(`webhooks.events.${delivery.event.replace('.', '_')}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(delivery.created_at)}
              </Typography>
              {delivery.last_status_code !== null && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={`HTTP ${delivery.last_status_code}`}
                  data-testid="webhook-delivery-code"
                />
              )}
              <Box sx={{ flex: 1 }} />
              {canReplay && delivery.state !== 'pending' && delivery.state !== 'sending' && (
                <Button size="small" onClick={() => void onReplay(delivery)} disabled={replay.isPending}>
                  {t('webhooks.replay')}
                </Button>
              )}
            </Stack>
            <Typography variant="caption" color="text.secondary">
              {t('webhooks.attempts', { count: delivery.attempts })}
              {delivery.replay_of !== null && ` · ${t('webhooks.replay_of', { id: delivery.replay_of })}`}
              {delivery.next_attempt_at &&
                ` · ${t('webhooks.next_attempt', { at: formatDateTime(delivery.next_attempt_at) })}`}
            </Typography>
            {delivery.attempt_log.map((attempt) => (
              <Typography
                key={attempt.attempt}
                variant="caption"
                dir="ltr"
                sx={{ fontFamily: 'monospace', textAlign: 'start' }}
              >
                #{attempt.attempt} {formatDateTime(attempt.created_at)} —{' '}
                {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? '')} (
                {attempt.duration_ms} ms)
              </Typography>
            ))}
          </Box>
        ))}
      </Stack>
    </ReadOnlyDialog>
  );
}
