import { englishOf, orderFormSchema, orderInputIssues, ZOrderInput } from '@cod/shared';
import { describe, expect, it } from 'vitest';
import type { TProductOption } from '../orders-api';
import {
  canRemoveLine,
  catalogueRulesInput,
  emptyLine,
  emptyOrderForm,
  formProductOf,
  orderAmounts,
  orderRequestOf,
  type TOrderFormState,
} from './order-form-values';

const shoe: TProductOption = {
  id: 4,
  name: 'Basket Runner',
  sku: 'BR',
  price: 5400,
  has_variants: true,
  variants: [
    { id: 41, name: '42', price: 5400 },
    { id: 42, name: '44', price: 5600 },
  ],
  custom_fields: [],
};
const watch: TProductOption = {
  id: 2,
  name: 'Montre personnalisée',
  sku: 'MP',
  price: 4900,
  has_variants: false,
  variants: [],
  custom_fields: [
    { label: 'Gravure', type: 'text', required: true, placeholder: null, options: [] },
    { label: 'Emballage cadeau', type: 'checkbox', required: true, placeholder: null, options: [] },
  ],
};
const catalogue = new Map([shoe, watch].map((p) => [p.id, p]));
const context = { products: new Map([...catalogue.values()].map((p) => [p.id, formProductOf(p)])) };

function form(overrides: Partial<TOrderFormState> = {}): TOrderFormState {
  return {
    ...emptyOrderForm(),
    customer_full_name: 'Karim Benali',
    customer_phone_1: '0555 12 34 56',
    state_id: 16,
    city_id: 1601,
    ...overrides,
  };
}

/** The messages the dialog shows in English, by field path, for these values. */
function messages(values: TOrderFormState): Record<string, string> {
  const result = orderFormSchema(context).safeParse(orderRequestOf(values, { creating: true }));
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), englishOf(issue.message)]));
}

describe('product rows (SPEC 5)', () => {
  it('starts with one row of quantity 1', () => {
    expect(emptyOrderForm().products).toEqual([emptyLine()]);
    expect(emptyLine().quantity).toBe('1');
  });

  it('never offers to remove the first row, so the last row cannot go', () => {
    expect(canRemoveLine(0, 1)).toBe(false);
    expect(canRemoveLine(0, 3)).toBe(false);
    expect(canRemoveLine(1, 2)).toBe(true);
    expect(canRemoveLine(2, 3)).toBe(true);
  });

  it("says 'Product is required' for a row without product", () => {
    expect(messages(form())).toMatchObject({ 'products.0.product_id': 'Product is required' });
  });

  it("says 'Variant is required' when the product has variants", () => {
    const values = form({ products: [{ product_id: 4, variant_id: '', quantity: '1', price: '' }] });
    expect(messages(values)).toEqual({ 'products.0.variant_id': 'Variant is required' });
    values.products[0]!.variant_id = 42;
    expect(messages(values)).toEqual({});
  });

  it("says 'Quantity must be greater than 0' for 0, a negative or an emptied quantity", () => {
    for (const quantity of ['0', '-2', '']) {
      const values = form({ products: [{ product_id: 4, variant_id: 41, quantity, price: '' }] });
      expect(messages(values)).toEqual({ 'products.0.quantity': 'Quantity must be greater than 0' });
    }
  });

  it("says '{product}: {label} is required' for a required custom field; a checkbox counts as filled", () => {
    const values = form({ products: [{ product_id: 2, variant_id: '', quantity: '1', price: '' }] });
    expect(messages(values)).toEqual({
      'customer_custom_fields.2.Gravure': 'Montre personnalisée: Gravure is required',
    });
    values.customer_custom_fields = { '2': { Gravure: 'Amine' } };
    expect(messages(values)).toEqual({});
  });

  it('still finds the catalogue rules while base fields are missing (all messages at once)', () => {
    const values = form({
      customer_full_name: '',
      products: [
        { product_id: '', variant_id: '', quantity: '1', price: '' },
        { product_id: 4, variant_id: '', quantity: '1', price: '' },
      ],
    });
    // zod alone stops before the catalogue rules when the name is missing...
    expect(messages(values)['products.1.variant_id']).toBeUndefined();
    // ...so the dialog also asks them, on the same line index.
    const issues = orderInputIssues(catalogueRulesInput(values), context).map((i) => [
      i.path.join('.'),
      englishOf(i.message),
    ]);
    expect(issues).toContainEqual(['products.1.variant_id', 'Variant is required']);
  });

  it('sends custom field answers only for products still on the order', () => {
    const values = form({
      products: [{ product_id: 4, variant_id: 41, quantity: '2', price: '5000' }],
      customer_custom_fields: { '2': { Gravure: 'left over' } },
    });
    const request = orderRequestOf(values, { creating: true });
    expect(request.customer_custom_fields).toEqual([]);
    expect(ZOrderInput.parse(request).products).toEqual([{ product_id: 4, variant_id: 41, quantity: 2, price: 5000 }]);
  });

  it('sends the status only on creation and the centre only with stop desk', () => {
    const values = form({ status_id: 4, stopdesk_id: 160101, is_stopdesk: false });
    expect(orderRequestOf(values, { creating: true })).toMatchObject({ status_id: 4, stopdesk_id: null });
    expect(orderRequestOf(values, { creating: false })).not.toHaveProperty('status_id');
  });
});

describe('fee, total and discount shown in the dialog (SPEC 5)', () => {
  const lines: TOrderFormState['products'] = [
    { product_id: 4, variant_id: 42, quantity: '2', price: '5000' },
    { product_id: 2, variant_id: '', quantity: '1', price: '' },
  ];

  it('totals price x quantity plus the delivery price; discount is catalogue minus lines', () => {
    const amounts = orderAmounts(form({ products: lines, delivery_price: 450 }), catalogue);
    // Lines: 2 x 5000 + 1 x 4900 (catalogue price when the price box is empty) = 14 900.
    expect(amounts).toEqual({ total: 15_350, discount: 1200, delivery: 450 });
  });

  it('counts no delivery with free delivery', () => {
    expect(orderAmounts(form({ products: lines, delivery_price: 450, free_delivery: true }), catalogue)).toEqual({
      total: 14_900,
      discount: 1200,
      delivery: 0,
    });
  });

  it('leaves out rows that are not filled yet, and reads French decimals', () => {
    const amounts = orderAmounts(
      form({
        products: [
          { product_id: 4, variant_id: 41, quantity: '1', price: '5 399,50' },
          { product_id: '', variant_id: '', quantity: '1', price: '' },
          { product_id: 2, variant_id: '', quantity: '0', price: '' },
        ],
      }),
      catalogue,
    );
    expect(amounts).toEqual({ total: 5399.5, discount: 0.5, delivery: 0 });
  });
});
