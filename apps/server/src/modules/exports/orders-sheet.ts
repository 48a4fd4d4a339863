import { formatLocalDateTime } from '@cod/shared';
import type { TOrdersListRow } from '../../documents/orders-list-pdf.js';
import { type TXlsxSheet, xlsxSheet } from '../../files/xlsx-writer.js';
import type { TExportOrder } from './export-orders.repository.js';

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * The export's one sheet. Headers are the order fields' names, as in the import template, so an
 * exported file can be edited and imported again. Text goes through writeXlsx, which neutralises
 * anything a spreadsheet would run as a formula (ARCHITECTURE 3.9).
 */
export function ordersSheet(orders: AsyncIterable<TExportOrder>, timeZone: string): TXlsxSheet {
  return xlsxSheet<TExportOrder>({
    name: 'Orders',
    rows: orders,
    columns: [
      { header: 'order_number', width: 12, value: (o) => o.order_number },
      // "2026-11-21 14:05" in the shop's time zone (ARCHITECTURE 3.1: business dates are local).
      { header: 'created_at', width: 17, value: (o) => formatLocalDateTime(new Date(o.created_at), timeZone) },
      { header: 'status', width: 16, value: (o) => o.status },
      { header: 'customer_full_name', width: 26, value: (o) => o.customer_full_name },
      { header: 'customer_phone_1', width: 14, value: (o) => o.customer_phone_1 },
      { header: 'customer_phone_2', width: 14, value: (o) => o.customer_phone_2 },
      { header: 'state', width: 8, value: (o) => o.state_code },
      { header: 'state_name', width: 18, value: (o) => o.state_name },
      { header: 'state_name_ar', width: 18, value: (o) => o.state_name_ar },
      { header: 'city', width: 22, value: (o) => o.city_name },
      { header: 'city_ar', width: 22, value: (o) => o.city_name_ar },
      { header: 'customer_address', width: 30, value: (o) => o.customer_address },
      { header: 'products', width: 40, value: (o) => o.products },
      { header: 'delivery_price', width: 12, value: (o) => o.delivery_price },
      { header: 'free_delivery', width: 10, value: (o) => yesNo(o.free_delivery) },
      { header: 'total', width: 12, value: (o) => o.total },
      { header: 'is_stopdesk', width: 10, value: (o) => yesNo(o.is_stopdesk) },
      { header: 'stopdesk_id', width: 10, value: (o) => o.stopdesk_id },
      { header: 'agent', width: 18, value: (o) => o.agent },
      { header: 'tracking_number', width: 18, value: (o) => o.tracking_number },
      { header: 'shipment_status', width: 16, value: (o) => o.shipment_status },
      { header: 'sales_source', width: 12, value: (o) => o.sales_source },
      { header: 'campaign_id', width: 16, value: (o) => o.campaign_id },
      { header: 'note', width: 30, value: (o) => o.note },
    ],
  });
}

/** The printed list's rows (documents/orders-list-pdf.ts). */
export async function* pdfRows(orders: AsyncIterable<TExportOrder>): AsyncGenerator<TOrdersListRow> {
  for await (const o of orders) {
    yield {
      orderNumber: String(o.order_number),
      customerName: o.customer_full_name,
      phone: o.customer_phone_1,
      wilayaCode: o.state_code,
      wilaya: o.state_name,
      wilayaAr: o.state_name_ar,
      commune: o.city_name,
      communeAr: o.city_name_ar,
      products: o.products,
      total: o.total,
      status: o.status,
      createdAt: new Date(o.created_at),
    };
  }
}
