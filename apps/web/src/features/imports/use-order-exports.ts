import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { downloadFile } from './imports-api';

/**
 * The Orders toolbar's XLSX and PDF buttons (SPEC 7): the XLSX export downloads
 * orders_{tab}_export_{timestamp}.xlsx; the PDF opens in a new tab through a one-use link valid
 * 60 s (docs/decisions/0034), so no token ever sits in a URL. SPEC 5/8 messages.
 */
export function useOrderExports() {
  const { t, i18n } = useTranslation();

  const exportXlsx = async (orderIds: readonly number[], tab: string) => {
    if (!orderIds.length) return void toast(t('imports.export.select_orders'), { variant: 'warning' });
    try {
      await downloadFile('/dashboard/orders/export-xlsx', {
        body: { order_ids: orderIds, tab },
        fallbackName: `orders_${tab}_export.xlsx`,
      });
    } catch {
      void toast(t('imports.export.xlsx_failed'), { variant: 'error' });
    }
  };

  const openPdf = async (orderIds: readonly number[]) => {
    if (!orderIds.length) return void toast(t('imports.export.select_orders_pdf'), { variant: 'warning' });
    // Opened inside the click, before any await, so pop-up blockers allow it.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    try {
      const locale = i18n.language.slice(0, 2);
      const { url } = await api.post<{ url: string }>('/dashboard/orderspdf/link', {
        order_ids: orderIds,
        locale: ['en', 'fr', 'ar'].includes(locale) ? locale : 'fr',
      });
      if (tab) tab.location.href = url;
      else window.open(url, '_blank');
    } catch {
      tab?.close();
      void toast(t('imports.export.pdf_failed'), { variant: 'error' });
    }
  };

  return { exportXlsx, openPdf };
}
