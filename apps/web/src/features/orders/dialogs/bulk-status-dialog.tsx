import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import type { TOrderTab, TStatus, TStatusType } from '@cod/shared';
import { useTranslation } from 'react-i18next';
import { announceResult } from '../../../lib/announce-result';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog';
import { useBulkStatus } from '../orders-api';
import { bulkStatusTypes, offeredStatuses } from '../row-action-rules';
import { StatusFields } from './status-fields';
import { statusFormErrors, statusRequestOf, type TStatusFormInput } from './status-form-rules';
import { translateServerMessage } from '../../../lib/server-message';

interface TBulkStatusDialogProps {
  orderIds: readonly number[];
  tab: TOrderTab;
  statuses: readonly TStatus[];
  /** Mark as Confirmed / Mark as Pending (SPEC 4): that type only, its first status chosen. */
  presetType?: TStatusType;
  onClose: () => void;
  onDone: () => void;
}

/**
 * SPEC 2.4 bulk status update: needs a status, at least one order, and a date-time for reported
 * (SPEC 5). The server moves every order or none.
 */
export function BulkStatusDialog({ orderIds, tab, statuses, presetType, onClose, onDone }: TBulkStatusDialogProps) {
  const { t } = useTranslation();
  const offered = useMemo(
    () => offeredStatuses(statuses, presetType ? [presetType] : bulkStatusTypes(tab)),
    [statuses, presetType, tab],
  );
  const [value, setValue] = useState<TStatusFormInput>(() => {
    const first = presetType ? offered[0] : undefined;
    return {
      status: first?.id ?? '',
      statusType: first?.type ?? null,
      description: '',
      report_date: '',
      cancelled_at: '',
    };
  });
  const [submitted, setSubmitted] = useState(false);
  const bulk = useBulkStatus();
  const errors = submitted ? statusFormErrors(value, { orderIds }) : {};

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(statusFormErrors(value, { orderIds })).length) return;
    const body = { ...statusRequestOf(value), order_ids: [...orderIds] };
    if (await announceResult(t, () => bulk.mutateAsync(body), { failureKey: 'orders.messages.bulk_failed' })) onDone();
  };

  const title =
    presetType === 'confirmed'
      ? 'orders.bulk.mark_confirmed'
      : presetType === 'pending'
        ? 'orders.bulk.mark_pending'
        : 'orders.bulk.bulk_status';

  return (
    <ResponsiveDialog
      open
      onClose={onClose}
      busy={bulk.isPending}
      title={t(title)}
      testId="bulk-status-dialog"
      onSave={submit}
      submit={{ submitLabel: t('orders.bulk.apply', { count: orderIds.length }) }}
    >
      <Alert severity={errors.order_ids ? 'error' : 'info'} sx={{ mb: 1 }} data-testid="bulk-selection">
        {errors.order_ids
          ? translateServerMessage(t, errors.order_ids)
          : t('orders.bulk.selected', { count: orderIds.length })}
      </Alert>
      <StatusFields statuses={offered} value={value} onChange={setValue} errors={errors} />
    </ResponsiveDialog>
  );
}
