import type { Page } from 'playwright-core';
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
