import type { Writable } from 'node:stream';
import { ORDER_IMPORT_COLUMNS, type TImportColumn } from './import-columns.js';
import type { TTemplateCommune } from './import-template.repository.js';
import { type TXlsxCellValue, type TXlsxSheet, writeXlsx } from './xlsx-writer.js';

export interface TTemplateProduct {
  name: string;
  sku: string;
  price: number;
  variants?: Array<{ name: string; sku: string; price?: number }>;
}

export interface TImportTemplateOptions {
  stream: Writable;
  /** From listTemplateCommunes (the states/cities reference tables). */
  communes: TTemplateCommune[];
  /** The tenant's products as the caller may show them (its product permissions applied). */
  products: TTemplateProduct[];
  /** Columns the tenant adds (e.g. its custom fields), after the standard ones. */
  extraColumns?: TImportColumn[];
}

/**
 * SPEC 2.4 / issue 6: the import template. Sheet 1 "Orders" is what an import reads (the first
 * visible tab): the columns and one sample row built from real reference data. Sheet 2 "Lists"
 * holds the valid wilayas/communes (French and Arabic) and the tenant's products, SKUs and
 * variants; sheet 3 "Columns" says what each column takes and which are required.
 */
export async function writeImportTemplate(options: TImportTemplateOptions): Promise<void> {
  const columns = [...ORDER_IMPORT_COLUMNS, ...(options.extraColumns ?? [])];
  await writeXlsx({
    stream: options.stream,
    sheets: [ordersSheet(columns, options), listsSheet(options), columnsSheet(columns)],
  });
}

function ordersSheet(columns: TImportColumn[], options: TImportTemplateOptions): TXlsxSheet {
  const commune = options.communes.find((c) => c.stateCode === '16') ?? options.communes[0];
  const product = options.products[0];
  const variant = product?.variants?.[0];
  const sample: Record<string, string> = {
    customer_full_name: 'محمد أمين',
    customer_phone_1: '0555123456',
    state: commune?.stateCode ?? '16',
    city: commune?.cityName ?? '',
    customer_address: 'Cité 5 Juillet, bât. 12',
    product: product?.sku ?? product?.name ?? '',
    variant: variant?.sku ?? '',
    quantity: '1',
    sales_source: 'facebook',
  };
  return {
    name: 'Orders',
    columns: columns.map((c) => ({ header: c.header, width: Math.max(14, c.header.length + 4) })),
    rows: [columns.map((c) => sample[c.header] ?? '')],
  };
}

function listsSheet(options: TImportTemplateOptions): TXlsxSheet {
  const productRows: TXlsxCellValue[][] = options.products.flatMap((p) =>
    p.variants?.length
      ? p.variants.map((v) => [p.name, p.sku, v.name, v.sku, v.price ?? p.price])
      : [[p.name, p.sku, null, null, p.price]],
  );
  const communeRows: TXlsxCellValue[][] = options.communes.map((c) => [
    c.stateCode,
    c.stateName,
    c.stateNameAr,
    c.cityName,
    c.cityNameAr,
    c.postalCode,
  ]);
  const height = Math.max(productRows.length, communeRows.length);
  function* rows(): Generator<TXlsxCellValue[]> {
    for (let i = 0; i < height; i++) {
      yield [...(communeRows[i] ?? [null, null, null, null, null, null]), null, ...(productRows[i] ?? [])];
    }
  }
  return {
    name: 'Lists',
    columns: [
      { header: 'wilaya_code', width: 12 },
      { header: 'wilaya', width: 20 },
      { header: 'wilaya_ar', width: 20 },
      { header: 'commune', width: 26 },
      { header: 'commune_ar', width: 26 },
      { header: 'postal_code', width: 12 },
      { header: '', width: 4 },
      { header: 'product', width: 30 },
      { header: 'product_sku', width: 18 },
      { header: 'variant', width: 20 },
      { header: 'variant_sku', width: 18 },
      { header: 'price', width: 12 },
    ],
    rows: rows(),
  };
}

function columnsSheet(columns: TImportColumn[]): TXlsxSheet {
  return {
    name: 'Columns',
    columns: [
      { header: 'column', width: 22 },
      { header: 'required', width: 10 },
      { header: 'what to write', width: 90 },
    ],
    rows: columns.map((c) => [c.header, c.required ? 'yes' : 'no', c.help]),
  };
}
