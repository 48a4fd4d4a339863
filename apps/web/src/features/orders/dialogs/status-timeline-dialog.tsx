import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { ListError } from '../../../components/lists/list-states';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog';
import { useOrderTimelineQuery } from '../orders-api';
import { StatusChip } from '../table/order-cells';
import { CallHistorySection } from '../../call-centre/call-history';

/** SPEC 2.4 order status timeline: every status the order took, who set it and when. */
export function StatusTimelineDialog({ order, onClose }: { order: TOrderRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const timeline = useOrderTimelineQuery(order.id);
  const entries = timeline.data?.data ?? [];

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      title={t('orders.timeline.title', { number: order.order_number })}
      testId="status-timeline-dialog"
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {timeline.isLoading ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Box>
      ) : timeline.isError ? (
        <ListError error={timeline.error} onRetry={() => void timeline.refetch()} />
      ) : entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('orders.timeline.empty')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {entries.map((entry, index) => (
            <Box
              component="li"
              key={entry.id}
              sx={{
                display: 'grid',
                gridTemplateColumns: '20px 1fr',
                gap: 1.5,
                pb: index === entries.length - 1 ? 0 : 2,
              }}
            >
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: entry.status.color, mt: 0.75 }} />
                {index < entries.length - 1 && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', mt: 0.5 }} />}
              </Box>
              <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start', minWidth: 0 }}>
                <StatusChip status={entry.status} />
                {entry.description && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {entry.description}
                  </Typography>
                )}
                <Typography variant="caption" color="text.secondary">
                  {t('orders.timeline.by', {
                    who: entry.creator?.name ?? t('orders.timeline.system'),
                    date: formatDateTime(entry.created_at, i18n.language),
                  })}
                </Typography>
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {/* Issue 15.1: the order's call attempts belong to its timeline. */}
      <CallHistorySection orderId={order.id} />
    </ResponsiveDialog>
  );
}
