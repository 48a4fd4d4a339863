import type { TOrderRow, TOrderTab, TStatus, TStatusType } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { announceResult } from '../../lib/announce-result';
import { ConfirmDialog } from '../../components/dialogs/confirm-dialog';
import { CustomFieldsDialog } from './custom-fields/custom-fields-dialog';
import { AssignAgentDialog } from './dialogs/assign-agent-dialog';
import { BulkStatusDialog } from './dialogs/bulk-status-dialog';
import { ComingSoonDialog } from './dialogs/coming-soon-dialog';
import { CustomerInfoDialog } from './dialogs/customer-info-dialog';
import { ReportDialog } from './dialogs/report-dialog';
import { StatusDialog } from './dialogs/status-dialog';
import { StatusTimelineDialog } from './dialogs/status-timeline-dialog';
import { useDeleteOrder } from './orders-api';
import { WithFullOrder } from './with-full-order';

/** The dialogs the screen opens besides the order form (which has its own URL). */
export type TOrdersDialog =
  | { kind: 'status' | 'report' | 'timeline' | 'customer' | 'custom_fields' | 'delete'; order: TOrderRow }
  | { kind: 'assign_agent'; orderIds: number[]; currentAgentId: number | null }
  | { kind: 'bulk_status'; orderIds: number[]; presetType?: TStatusType }
  | { kind: 'coming_soon'; feature: string };

interface TOrdersDialogsProps {
  dialog: TOrdersDialog | null;
  tab: TOrderTab;
  statuses: readonly TStatus[];
  onClose: () => void;
  /** A bulk action succeeded: the selection has done its job. */
  onBulkDone: () => void;
}

export function OrdersDialogs({ dialog, tab, statuses, onClose, onBulkDone }: TOrdersDialogsProps) {
  const { t } = useTranslation();
  const remove = useDeleteOrder();
  if (!dialog) return null;
  const bulkDone = () => {
    onBulkDone();
    onClose();
  };

  switch (dialog.kind) {
    case 'status':
      return (
        <WithFullOrder order={dialog.order}>
          {(order) => <StatusDialog order={order} tab={tab} statuses={statuses} onClose={onClose} />}
        </WithFullOrder>
      );
    case 'report':
      return <ReportDialog order={dialog.order} onClose={onClose} />;
    case 'timeline':
      return <StatusTimelineDialog order={dialog.order} onClose={onClose} />;
    case 'customer':
      return <CustomerInfoDialog order={dialog.order} onClose={onClose} />;
    case 'custom_fields':
      return (
        <WithFullOrder order={dialog.order}>
          {(order) => <CustomFieldsDialog order={order} onClose={onClose} />}
        </WithFullOrder>
      );
    case 'assign_agent':
      return (
        <AssignAgentDialog
          orderIds={dialog.orderIds}
          currentAgentId={dialog.currentAgentId}
          onClose={onClose}
          onDone={bulkDone}
        />
      );
    case 'bulk_status':
      return (
        <BulkStatusDialog
          orderIds={dialog.orderIds}
          tab={tab}
          statuses={statuses}
          presetType={dialog.presetType}
          onClose={onClose}
          onDone={bulkDone}
        />
      );
    case 'coming_soon':
      return <ComingSoonDialog feature={dialog.feature} onClose={onClose} />;
    case 'delete': {
      const { order } = dialog;
      return (
        <ConfirmDialog
          open
          danger
          busy={remove.isPending}
          title={t('orders.delete.title', { number: order.order_number })}
          message={t('orders.delete.message', { number: order.order_number, name: order.customer_full_name })}
          confirmLabel={t('orders.delete.confirm')}
          onClose={onClose}
          onConfirm={() => void announceResult(t, () => remove.mutateAsync(order.id)).then((done) => done && onClose())}
        />
      );
    }
  }
}
