import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TOrderRow } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { QueryStates } from '../../../components/ops-kit/query-states';
import { ReadOnlyDialog } from '../../../components/ops-kit/read-only-dialog';
import { useOrderTimelineQuery } from '../orders-api';
import { StatusChip } from '../table/order-cells';
import { CallHistorySection } from '../../call-centre/call-history';

/** SPEC 2.4 order status timeline: every status the order took, who set it and when. */
export function StatusTimelineDialog({ order, onClose }: { order: TOrderRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const timeline = useOrderTimelineQuery(order.id);
  const entries = timeline.data?.data ?? [];

  return (
    <ReadOnlyDialog
      onClose={onClose}
      title={t('orders.timeline.title', { number: order.order_number })}
      testId="status-timeline-dialog"
    >
      <QueryStates
        query={timeline}
        loading={timeline.isLoading}
        isEmpty={entries.length === 0}
        emptyText={t('orders.timeline.empty')}
      >
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
      </QueryStates>
      {/* Issue 15.1: the order's call attempts belong to its timeline. */}
      <CallHistorySection orderId={order.id} />
    </ReadOnlyDialog>
  );
}
