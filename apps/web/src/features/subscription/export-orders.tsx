import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../components/money-kit/action-bar';
import { useBusyTask } from '../../components/money-kit/use-busy-task';
import { api } from '../../lib/api-client';
import { appI18n, loadLocalePart } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { downloadFile } from '../imports/imports-api';

const PAGE = 200;
const MAX_ORDERS = 50_000;

/**
 * On the expired page (issue 19.7, docs/decisions/0099): an expired or suspended shop still takes
 * its orders away as XLSX. Reads stay open for it, and the export is one of the writes it keeps.
 */
export function ExportOrdersButton() {
  const { t } = useTranslation();
  useEffect(() => {
    void loadLocalePart(appI18n, 'central');
  }, []);
  const exportOrders = useBusyTask(
    async () => {
      const ids: number[] = [];
      for (let page = 1; ids.length < MAX_ORDERS; page += 1) {
        const answer = await api.get<{ data: Array<{ id: number }> }>(
          `/dashboard/orders?tab=all&per_page=${PAGE}&page=${page}`,
        );
        ids.push(...answer.data.map((o) => o.id));
        if (answer.data.length < PAGE) break;
      }
      if (!ids.length) return void toast(t('central.pay.export_empty'), { variant: 'info' });
      await downloadFile('/dashboard/orders/export-xlsx', {
        body: { order_ids: ids.slice(0, MAX_ORDERS), tab: 'all' },
        fallbackName: 'orders_all_export.xlsx',
      });
    },
    () => t('central.pay.export_failed'),
  );
  return (
    <ExportButton
      label={t('central.pay.export')}
      busy={exportOrders.busy}
      onClick={exportOrders.run}
      testId="export-orders"
    />
  );
}
