import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderKeys } from '../../lib/query-keys';
import { toast } from '../../lib/toast';
import { ImportDialog } from './import-dialog';
import { ImportProgressDialog } from './import-progress-dialog';

interface TOrdersImportFlowProps {
  open: boolean;
  onClose: () => void;
}

/**
 * What the Orders screen's Import button opens: the import dialog, then the Import Progress dialog
 * of the batch it started. SPEC 8: 'Import completed! N orders processed successfully.', warning
 * 'Import was cancelled.'; SPEC 4: Refresh Orders reloads only the orders data and closes.
 */
export function OrdersImportFlow({ open, onClose }: TOrdersImportFlowProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [batchId, setBatchId] = useState<number | null>(null);
  const done = () => {
    setBatchId(null);
    onClose();
  };
  return (
    <>
      <ImportDialog open={open && batchId === null} onClose={onClose} onStarted={(s) => setBatchId(s.batch_id)} />
      <ImportProgressDialog
        open={open && batchId !== null}
        batchId={batchId}
        onClose={done}
        onCompleted={(batch) =>
          void toast(t('imports.toast.completed', { count: batch.success_count }), { variant: 'success' })
        }
        onCancelled={() => void toast(t('imports.toast.cancelled'), { variant: 'warning' })}
        onRefreshOrders={() => {
          void client.invalidateQueries({ queryKey: orderKeys.lists() });
          done();
        }}
      />
    </>
  );
}
