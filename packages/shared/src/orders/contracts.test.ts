import { describe, expect, it } from 'vitest';
import type { TCustomField } from '../catalogue/product.js';
import { englishOf } from '../messages/render.js';
import {
  centresOfState,
  formatLocalDateTime,
  orderCustomFieldValues,
  orderFormSchema,
  orderInputIssues,
  parseLocalDateTime,
  tabCounts,
  tabsOfOrder,
  timeAgo,
  ZBulkStatusRequest,
  ZOrderInput,
  ZOrderListQuery,
  type TOrderFormProduct,
} from './contracts.js';

const fields: TCustomField[] = [
  { label: 'Gravure', type: 'text', required: true, placeholder: null, options: [] },
  { label: 'Cadeau', type: 'checkbox', required: true, placeholder: null, options: [] },
];
const products = new Map<number, TOrderFormProduct>([
  [1, { id: 1, name: 'Montre', has_variants: false, variants: [], custom_fields: [] }],
  [2, { id: 2, name: 'T-shirt', has_variants: true, variants: [{ id: 21 }, { id: 22 }], custom_fields: [] }],
  [3, { id: 3, name: 'Stylo', has_variants: false, variants: [], custom_fields: fields }],
]);
const base = { customer_full_name: 'Karim', customer_phone_1: '0555123456', state_id: 16, city_id: 1601 };
const parse = (input: Record<string, unknown>) => ZOrderInput.parse({ ...base, ...input });

describe('ZOrderInput (SPEC 5)', () => {
  it('gives the spec messages for a product row', () => {
    const result = ZOrderInput.safeParse({ ...base, products: [{ product_id: null }, { product_id: 1, quantity: 0 }] });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), englishOf(i.message)])).toEqual([
      ['products.0.product_id', 'Product is required'],
      ['products.1.quantity', 'Quantity must be greater than 0'],
    ]);
  });

  it('normalises phones, defaults quantity to 1 and never reads a total', () => {
    const input = parse({ customer_phone_1: '+213 555 12 34 56', products: [{ product_id: '1' }], total: 5 });
    expect(input.customer_phone_1).toBe('0555123456');
    expect(input.products).toEqual([{ product_id: 1, variant_id: null, quantity: 1, price: null }]);
    expect('total' in input).toBe(false);
  });
});

const english = (issues: ReturnType<typeof orderInputIssues>) =>
  issues.map((issue) => ({ ...issue, message: englishOf(issue.message) }));

describe('orderInputIssues: rules that need the catalogue', () => {
  it('requires a variant of the product when it has variants', () => {
    const issues = english(
      orderInputIssues(
        parse({ products: [{ product_id: 2 }, { product_id: 2, variant_id: 99 }, { product_id: 1, variant_id: 21 }] }),
        { products },
      ),
    );
    expect(issues).toEqual([
      { path: ['products', 0, 'variant_id'], message: 'Variant is required' },
      { path: ['products', 1, 'variant_id'], message: 'The selected variant is invalid.' },
      { path: ['products', 2, 'variant_id'], message: 'The selected variant is invalid.' },
    ]);
  });

  it("asks for required custom fields as '{product}: {label} is required'; a checkbox is always filled", () => {
    const input = parse({ products: [{ product_id: 3 }] });
    expect(english(orderInputIssues(input, { products }))).toEqual([
      { path: ['customer_custom_fields', 3, 'Gravure'], message: 'Stylo: Gravure is required' },
    ]);
    const filled = parse({
      products: [{ product_id: 3 }],
      customer_custom_fields: [{ product_id: 3, field_values: { Gravure: 'KB' } }],
    });
    expect(orderInputIssues(filled, { products })).toEqual([]);
    expect(orderCustomFieldValues(filled, { products })).toEqual([
      { product_id: 3, field_values: { Gravure: 'KB', Cadeau: false } },
    ]);
  });

  it('needs a centre only when stop desk is on and the state has centres', () => {
    const input = parse({ products: [{ product_id: 1 }], is_stopdesk: true });
    expect(english(orderInputIssues(input, { products, stateCentres: [{ center_id: 7 }] }))).toEqual([
      { path: ['stopdesk_id'], message: 'The stop desk centre field is required.' },
    ]);
    expect(orderInputIssues(input, { products, stateCentres: [] })).toEqual([]);
    expect(
      english(orderInputIssues({ ...input, stopdesk_id: 8 }, { products, stateCentres: [{ center_id: 7 }] })),
    ).toEqual([{ path: ['stopdesk_id'], message: 'The selected stop desk centre is invalid.' }]);
  });

  it('drives the dialog schema with the same rules', () => {
    const result = orderFormSchema({ products }).safeParse({ ...base, products: [{ product_id: 2 }] });
    expect(result.error?.issues.map((i) => englishOf(i.message))).toEqual(['Variant is required']);
  });
});

describe('centres by state name', () => {
  it('matches case- and accent-insensitively', () => {
    const centres = [
      { center_id: 1, name: 'A', wilaya_name: 'Bordj Bou Arreridj' },
      { center_id: 2, name: 'B', wilaya_name: 'ALGER' },
    ];
    expect(centresOfState(centres, 'Bordj Bou Arréridj').map((c) => c.center_id)).toEqual([1]);
    expect(centresOfState(centres, 'alger').map((c) => c.center_id)).toEqual([2]);
    expect(centresOfState(centres, 'Oran')).toEqual([]);
  });
});

describe('list query and tabs (SPEC 2.4)', () => {
  it('defaults to the inProcess tab, page 1, 25 per page; accepts 200 for scan mode', () => {
    expect(ZOrderListQuery.parse({})).toMatchObject({ tab: 'inProcess', page: 1, per_page: 25, date: 'all' });
    expect(ZOrderListQuery.parse({ per_page: '200', agent: 'none' })).toMatchObject({ per_page: 200, agent: 'none' });
    expect(ZOrderListQuery.safeParse({ per_page: '30' }).success).toBe(false);
  });

  it('counts an order in every tab it shows in', () => {
    expect(tabsOfOrder('confirmed', false)).toEqual(['inProcess', 'ready', 'all']);
    expect(tabsOfOrder('confirmed', true)).toEqual(['deleted']);
    expect(
      tabCounts([
        { type: 'new', deleted: false, count: 2 },
        { type: 'confirmed', deleted: false, count: 1 },
        { type: 'returned', deleted: true, count: 4 },
      ]),
    ).toEqual({
      inProcess: 3,
      ready: 1,
      inDispatch: 0,
      inDelivery: 0,
      delivered: 0,
      returned: 0,
      cancelled: 0,
      all: 3,
      deleted: 4,
    });
  });
});

describe("date-times 'Y-m-d H:i' in the shop's zone", () => {
  it('parses and formats both ways, refusing what is not a real time', () => {
    const at = parseLocalDateTime('2026-11-21 00:30', 'Africa/Algiers')!;
    expect(at.toISOString()).toBe('2026-11-20T23:30:00.000Z');
    expect(formatLocalDateTime(at, 'Africa/Algiers')).toBe('2026-11-21 00:30');
    expect(parseLocalDateTime('2026-11-21T18:05', 'Africa/Algiers')!.toISOString()).toBe('2026-11-21T17:05:00.000Z');
    expect(parseLocalDateTime('2026-02-30 10:00', 'Africa/Algiers')).toBeNull();
    expect(parseLocalDateTime('2026-11-21 24:00', 'Africa/Algiers')).toBeNull();
    expect(parseLocalDateTime('2026-11-21 7pm', 'Africa/Algiers')).toBeNull();
  });

  it('needs a report date for the bulk dialog only as a date-time', () => {
    const result = ZBulkStatusRequest.safeParse({ status: 3, order_ids: [1, 1, 2], report_date: '2026-11-21 7:00' });
    expect(result.error?.issues.map((i) => englishOf(i.message))).toEqual([
      'The date and time must look like 2026-11-21 14:30 (24-hour).',
    ]);
    expect(ZBulkStatusRequest.parse({ status: 3, order_ids: [1, 1, 2] }).order_ids).toEqual([1, 2]);
  });

  it('says how long ago', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(timeAgo(new Date('2026-11-21T11:59:30Z'), now)).toBe('just now');
    expect(timeAgo(new Date('2026-11-21T09:00:00Z'), now)).toBe('3 hours ago');
    expect(timeAgo(new Date('2026-11-20T12:00:00Z'), now)).toBe('1 day ago');
  });
});
