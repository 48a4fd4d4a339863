import {
  decodeMessage,
  englishOf,
  m,
  orderInputIssues,
  type TMessage,
  type TCustomField,
  type TOrderFormProduct,
  type TOrderInput,
  type TStopdeskCentre,
  ZOrderInput,
} from '@cod/shared';
import type { TSheetRow } from '../../files/spreadsheet-reader.js';
import { foldHeader, type TImportField } from './import-columns.js';
import type { TPlaceMatcher } from './place-matcher.js';

/** A row's own words (import.* codes); the rest are SPEC 5's messages from the shared order schema. */
export const IMPORT_ROW_REFUSALS = {
  productUnknown: (value: string) => m('import.product_unknown', { value }),
  variantUnknown: (value: string) => m('import.variant_unknown', { value }),
  stateUnknown: (value: string) => m('import.state_unknown', { value }),
  cityUnknown: (value: string, state: string) => m('import.city_unknown', { value, state }),
  formula: (header: string) => m('import.formula', { header }),
} as const;

export interface TImportVariant {
  id: number;
  name: string;
  sku: string;
  price: number;
}

export interface TImportProduct extends TOrderFormProduct {
  sku: string;
  price: number;
  variants: TImportVariant[];
  custom_fields: TCustomField[];
}

/** What every row of one import is checked against, loaded once per job run. */
export interface TImportContext {
  headers: ReadonlyMap<TImportField, string>;
  /** Folded header -> header, for the custom field columns (a field's label is its header). */
  headerByFolded: ReadonlyMap<string, string>;
  products: ReadonlyMap<number, TImportProduct>;
  /** 'sku:<lower sku>' and 'name:<folded name>' -> product (and variant when the SKU is a variant's). */
  productKeys: ReadonlyMap<string, { productId: number; variantId: number | null }>;
  places: TPlaceMatcher;
  centresByState: ReadonlyMap<number, readonly TStopdeskCentre[]>;
}

/** A refused row: SPEC 8's English (all its problems in one sentence) and its message for the web. */
export type TImportedRow = { ok: true; input: TOrderInput } | { ok: false; message: string; code: TMessage };

export const productKey = {
  sku: (sku: string) => `sku:${sku.trim().toLowerCase()}`,
  name: (name: string) => `name:${name.trim().toLowerCase().replace(/\s+/g, ' ')}`,
};

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'oui', 'o', 'x', 'نعم', 'vrai']);

/**
 * Issue 6: one spreadsheet row -> the order form payload, checked by the same shared schema and
 * catalogue rules as the order dialog (ZOrderInput, orderInputIssues). Products by name or SKU (a
 * variant's SKU names both), places by code or name (place-matcher.ts), phones normalised with the
 * leading zero Excel drops restored. All of a row's problems are reported in one message.
 */
export function importRow(row: TSheetRow, context: TImportContext): TImportedRow {
  const problems: string[] = [];
  const cell = (field: TImportField) => {
    const header = context.headers.get(field);
    return header === undefined ? '' : (row.cells[header] ?? '').trim();
  };
  for (const header of formulaHeaders(row)) problems.push(IMPORT_ROW_REFUSALS.formula(header));

  const stateText = cell('state');
  const stateId = stateText ? context.places.state(stateText) : null;
  if (stateText && stateId === null) problems.push(IMPORT_ROW_REFUSALS.stateUnknown(stateText));
  const cityText = cell('city');
  const cityId = stateId !== null && cityText ? context.places.city(stateId, cityText) : null;
  if (stateId !== null && cityText && cityId === null)
    problems.push(IMPORT_ROW_REFUSALS.cityUnknown(cityText, stateText));

  const productText = cell('product');
  const found = productText ? findProduct(context, productText) : null;
  if (productText && !found) problems.push(IMPORT_ROW_REFUSALS.productUnknown(productText));
  const product = found ? context.products.get(found.productId) : undefined;
  let variantId = found?.variantId ?? null;
  const variantText = cell('variant');
  if (product && variantId === null && variantText) {
    variantId = findVariant(product, variantText);
    if (variantId === null) problems.push(IMPORT_ROW_REFUSALS.variantUnknown(variantText));
  }

  const payload = {
    customer_full_name: cell('customer_full_name'),
    customer_phone_1: restoreLeadingZero(cell('customer_phone_1')),
    customer_phone_2: restoreLeadingZero(cell('customer_phone_2')),
    // An unknown place or product was reported above; the schema only says when one is missing.
    state_id: stateId ?? (stateText ? 1 : undefined),
    city_id: cityId ?? (cityText || stateText ? 1 : undefined),
    customer_address: cell('customer_address'),
    is_stopdesk: isTrue(cell('is_stopdesk')),
    stopdesk_id: cell('stopdesk_id') || undefined,
    free_delivery: isTrue(cell('free_delivery')),
    note: cell('note'),
    products: [
      {
        product_id: found?.productId ?? (productText ? 1 : undefined),
        variant_id: variantId ?? undefined,
        quantity: cell('quantity') === '' ? undefined : cell('quantity'),
        price: numberOrText(cell('price')),
      },
    ],
    customer_custom_fields: product
      ? [{ product_id: product.id, field_values: customValues(row, product, context) }]
      : [],
    sales_source: cell('sales_source') || undefined,
    campaign_id: cell('campaign_id'),
  };
  const parsed = ZOrderInput.safeParse(payload);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // The placeholders above stand for values already reported in the row's own words.
      const field = issue.path.join('.');
      if (field === 'state_id' && stateText) continue;
      if (field === 'city_id' && (cityText || stateText)) continue;
      if (field === 'products.0.product_id' && productText) continue;
      problems.push(issue.message);
    }
  } else if (problems.length === 0) {
    const stateCentres = parsed.data.is_stopdesk ? context.centresByState.get(parsed.data.state_id) : undefined;
    const issues = orderInputIssues(parsed.data, { products: context.products, stateCentres });
    for (const issue of issues) problems.push(issue.message);
  }
  if (problems.length) return { ok: false, ...rowError(problems) };
  return { ok: true, input: parsed.data! };
}

/**
 * A row's problems (tokens, or zod's own text) as one error: SPEC 8's English, each problem once,
 * one after the other; the code of the one problem, or `import.row_problems` listing them all
 * (decision 0041: a problem without a code reads as the validation kind).
 */
export function rowError(problems: readonly string[]): { message: string; code: TMessage } {
  const byEnglish = new Map<string, string>();
  for (const problem of problems) if (!byEnglish.has(englishOf(problem))) byEnglish.set(englishOf(problem), problem);
  const listed = [...byEnglish].map(([message, token]) => ({
    message,
    ...(decodeMessage(token) ?? { code: 'validation', params: {} }),
  }));
  const message = listed.map((problem) => problem.message).join(' ');
  if (listed.length === 1) return { message, code: { code: listed[0]!.code, params: listed[0]!.params } };
  const messages = listed.map((problem) => ({ order_id: 0, ...problem }));
  return { message, code: { code: 'import.row_problems', params: { messages } } };
}

function formulaHeaders(row: TSheetRow): string[] {
  const headers = new Set(row.formulaHeaders ?? []);
  // A CSV has no formulas, but a cell beginning with "=" becomes one when the file is opened in Excel.
  for (const [header, value] of Object.entries(row.cells)) if (value.trimStart().startsWith('=')) headers.add(header);
  return [...headers];
}

function findProduct(context: TImportContext, text: string) {
  return context.productKeys.get(productKey.sku(text)) ?? context.productKeys.get(productKey.name(text)) ?? null;
}

function findVariant(product: TImportProduct, text: string): number | null {
  const wanted = text.trim().toLowerCase();
  const variant =
    product.variants.find((v) => v.sku.toLowerCase() === wanted) ??
    product.variants.find((v) => v.name.trim().toLowerCase() === wanted);
  return variant?.id ?? null;
}

/**
 * Excel stores 0555123456 as the number 555123456: a 9-digit mobile (5, 6, 7) or an 8-digit fixed
 * line (2, 3, 4) gets its trunk zero back before the shared normalisation (docs/decisions/0009).
 */
export function restoreLeadingZero(phone: string): string {
  const digits = phone.replace(/[\s.\-()]/g, '');
  if (/^[5-7]\d{8}$/.test(digits) || /^[2-4]\d{7}$/.test(digits)) return `0${digits}`;
  return phone;
}

function isTrue(text: string): boolean {
  return TRUE_WORDS.has(text.toLowerCase());
}

function numberOrText(text: string): number | string | undefined {
  if (text === '') return undefined;
  const number = Number(text.replace(',', '.'));
  return Number.isFinite(number) ? number : text;
}

function customValues(row: TSheetRow, product: TImportProduct, context: TImportContext) {
  const values: Record<string, string | boolean> = {};
  for (const field of product.custom_fields) {
    const header = context.headerByFolded.get(foldHeader(field.label));
    const text = header === undefined ? '' : (row.cells[header] ?? '').trim();
    if (field.type === 'checkbox') values[field.label] = isTrue(text);
    else if (text !== '') values[field.label] = text;
  }
  return values;
}
