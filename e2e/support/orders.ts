import type { Locator, Page } from 'playwright-core';
import { apiCall } from './catalogue.js';

/** What an API-made demo order is built of: a product with nothing to choose, a commune of Alger (16). */
export interface TSimpleOrderParts {
  productId: number;
  cityId: number;
}

export async function simpleOrderParts(page: Page): Promise<TSimpleOrderParts> {
  const options = await apiCall<{ data: Array<{ id: number; has_variants: boolean; custom_fields: unknown[] }> }>(
    page,
    'GET',
    '/dashboard/products/options?per_page=100',
  );
  const simple = options.data.find((p) => !p.has_variants && p.custom_fields.length === 0)!;
  const cities = await apiCall<{ data: Array<{ id: number }> }>(page, 'GET', '/dashboard/cities/state/16');
  return { productId: simple.id, cityId: cities.data[0]!.id };
}

/** Creates an order of `quantity` of that product in Alger through the API the order dialog uses. */
export async function postSimpleOrder<T>(
  page: Page,
  parts: TSimpleOrderParts,
  customer: { name: string; phone: string; address?: string },
  quantity = 1,
): Promise<T> {
  const { data } = await apiCall<{ data: T }>(page, 'POST', '/dashboard/orders', {
    customer_full_name: customer.name,
    customer_phone_1: customer.phone,
    state_id: 16,
    city_id: parts.cityId,
    ...(customer.address === undefined ? {} : { customer_address: customer.address }),
    products: [{ product_id: parts.productId, quantity }],
  });
  return data;
}

/** Moves orders to the shop's "confirmed" status (the ready tab), as the bulk status action does. */
export async function confirmOrders(page: Page, orderIds: number[]): Promise<void> {
  const statuses = await apiCall<{ data: Array<{ id: number; type: string }> }>(page, 'GET', '/dashboard/statuses');
  await apiCall(page, 'POST', '/dashboard/orders/bulk-status-update', {
    status: statuses.data.find((s) => s.type === 'confirmed')!.id,
    order_ids: orderIds,
  });
}

/** On the Orders screen: ticks the first two rows, opens the bulk dispatch dialog and picks `company`. */
export async function dispatchFirstTwoRows(page: Page, company: string): Promise<Locator> {
  const rows = page.getByTestId('order-row');
  await rows.nth(0).getByTestId('customer-name').click();
  await rows.nth(1).getByTestId('customer-name').click();
  await page.getByTestId('bulk-actions-button').click();
  await page.getByTestId('bulk-dispatch').click();
  const dialog = page.getByTestId('dispatch-shipping-dialog');
  await dialog.locator('[role="combobox"]').click();
  await page.getByRole('option', { name: company }).click();
  return dialog;
}
