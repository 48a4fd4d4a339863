import type { TOrdersListRow } from '../../../src/documents/orders-list-pdf.js';

/** One row of the orders-list PDF: a Bab Ezzouar (Alger) order of two products, confirmed. */
export const ordersListRow = (orderNumber: string, customerName: string, createdAt: Date): TOrdersListRow => ({
  orderNumber,
  customerName,
  phone: '0555123456',
  wilayaCode: '16',
  wilaya: 'Alger',
  wilayaAr: 'الجزائر',
  commune: 'Bab Ezzouar',
  communeAr: 'باب الزوار',
  products: '2 × Robe kabyle, 1 × Sac',
  total: 2500,
  status: 'Confirmée',
  createdAt,
});
