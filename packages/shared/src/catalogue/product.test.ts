import { describe, expect, it } from 'vitest';
import { englishOf } from '../messages/render.js';
import { customFieldValueErrors } from './custom-field-values.js';
import { ZProductInput, type TCustomField } from './product.js';
import { ZStockAdjustmentInput } from './stock.js';

/** The same flattening the server's parse() does: field path -> English messages. */
function fieldErrors(input: unknown): Record<string, string[]> {
  const result = ZProductInput.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join('.')] ??= []).push(englishOf(issue.message));
  return errors;
}

const base = { name: 'T-shirt', sku: 'TSH-001', price: 2500 };

describe('ZProductInput (issue 3.1, SPEC 3)', () => {
  it('accepts a simple product and applies the defaults', () => {
    expect(ZProductInput.parse(base)).toEqual({
      ...base,
      cost_price: null,
      active: true,
      has_variants: false,
      variants: [],
      custom_fields: [],
      low_stock_threshold: null,
      initial_stock: undefined,
    });
  });

  it('names every missing or wrong field', () => {
    expect(fieldErrors({ price: -1, sku: 'bad sku!', cost_price: 1.234, low_stock_threshold: 2.5 })).toEqual({
      name: ['The name field is required.'],
      sku: ['The sku may only contain letters, numbers, dots, dashes, underscores and slashes.'],
      price: ['The price must be at least 0.'],
      cost_price: ['The cost price may have at most 2 decimals.'],
      low_stock_threshold: ['The low stock threshold must be a whole number.'],
    });
    expect(fieldErrors({ ...base, price: '12' }).price).toEqual(['The price must be a number.']);
    expect(fieldErrors({ name: 'x', sku: 'y' }).price).toEqual(['The price field is required.']);
  });

  it('needs variants when has_variants, refuses them otherwise, with per-variant messages', () => {
    expect(fieldErrors({ ...base, has_variants: true })).toEqual({ variants: ['Add at least one variant.'] });
    expect(fieldErrors({ ...base, variants: [{ name: 'M', sku: 'A', price: 1 }] })).toEqual({
      variants: ['Variants are only allowed when the product has variants.'],
    });
    const errors = fieldErrors({
      ...base,
      has_variants: true,
      variants: [
        { name: 'M', sku: 'TSH-M', price: 2500, attributes: [{ name: 'Size', value: 'M' }] },
        { name: '', sku: 'tsh-m', price: -5, attributes: [{ name: 'Size', value: '' }] },
        {
          name: 'm',
          sku: 'TSH-001',
          price: 10,
          attributes: [
            { name: 'Colour', value: 'Red' },
            { name: 'colour', value: 'Blue' },
          ],
        },
      ],
    });
    expect(errors).toEqual({
      'variants.1.name': ['The name field is required.'],
      'variants.1.price': ['The price must be at least 0.'],
      'variants.1.attributes.0.value': ['The attribute value field is required.'],
      'variants.2.attributes.1.name': ['The attribute is listed twice.'],
      'variants.1.sku': ['The sku has already been taken.'],
      'variants.2.sku': ['The sku has already been taken.'],
      'variants.2.name': ['The variant name must be unique within the product.'],
    });
  });

  it('validates custom fields exactly as SPEC 3 describes them', () => {
    const errors = fieldErrors({
      ...base,
      custom_fields: [
        { label: 'Size', type: 'select', required: true, options: [] },
        { label: '', type: 'text' },
        { label: 'Colour', type: 'radio' },
        { label: 'size', type: 'select', options: ['S', 's'] },
        { label: 'Gift', type: 'checkbox', required: 'yes' },
      ],
    });
    expect(errors).toEqual({
      'custom_fields.0.options': ['A select field needs at least one option.'],
      'custom_fields.1.label': ['The label field is required.'],
      'custom_fields.2.type': ['The type must be one of text, number, select, checkbox.'],
      'custom_fields.3.options.1': ['The option is listed twice.'],
      'custom_fields.4.required': ['The required flag must be true or false.'],
    });
    // Cross-field rules speak once every field has the right type (zod runs them last).
    expect(
      fieldErrors({
        ...base,
        custom_fields: [
          { label: 'Size', type: 'text' },
          { label: 'size', type: 'number' },
        ],
      }),
    ).toEqual({ 'custom_fields.1.label': ['The label must be unique within the product.'] });
    const parsed = ZProductInput.parse({
      ...base,
      custom_fields: [
        { label: 'Size', type: 'select', required: true, placeholder: 'Pick one', options: ['S', 'M'] },
        { label: 'Note', type: 'text', options: ['stale'] },
      ],
    });
    expect(parsed.custom_fields).toEqual([
      { label: 'Size', type: 'select', required: true, placeholder: 'Pick one', options: ['S', 'M'] },
      { label: 'Note', type: 'text', required: false, placeholder: null, options: [] },
    ]);
  });
});

describe('customFieldValueErrors (SPEC 5)', () => {
  const fields: TCustomField[] = [
    { label: 'Size', type: 'select', required: true, placeholder: null, options: ['S', 'M'] },
    { label: 'Engraving', type: 'text', required: true, placeholder: null, options: [] },
    { label: 'Gift wrap', type: 'checkbox', required: true, placeholder: null, options: [] },
    { label: 'Age', type: 'number', required: false, placeholder: null, options: [] },
  ];

  it('a checkbox counts as filled whether true or false; the order form prefixes the product', () => {
    expect(customFieldValueErrors(fields, { Size: 'M', Engraving: 'A', 'Gift wrap': false })).toEqual([]);
    const english = (errors: ReturnType<typeof customFieldValueErrors>) =>
      errors.map((e) => ({ label: e.label, message: englishOf(e.message), missing: e.missing }));
    expect(english(customFieldValueErrors(fields, { Engraving: '  ' }, { productName: 'Ring' }))).toEqual([
      { label: 'Size', message: 'Ring: Size is required', missing: true },
      { label: 'Engraving', message: 'Ring: Engraving is required', missing: true },
    ]);
    expect(english(customFieldValueErrors(fields, { Size: 'XL', Engraving: 'x', Age: 'old' }))).toEqual([
      { label: 'Size', message: 'Size must be one of its options', missing: false },
      { label: 'Age', message: 'Age must be a number', missing: false },
    ]);
  });
});

describe('ZStockAdjustmentInput (issue 3.4)', () => {
  it('needs a reason and a non-zero whole quantity', () => {
    const result = ZStockAdjustmentInput.safeParse({ product_id: 1, quantity: 0, reason: ' ' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), englishOf(i.message)])).toEqual([
      ['quantity', 'The quantity may not be 0.'],
      ['reason', 'The reason field is required.'],
    ]);
    expect(ZStockAdjustmentInput.parse({ product_id: 1, quantity: -3, reason: 'Broken' })).toEqual({
      product_id: 1,
      variant_id: null,
      quantity: -3,
      reason: 'Broken',
    });
  });
});
