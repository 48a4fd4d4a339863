import type { TApp } from '../../../src/http/app.js';
import type { TCell } from '../../files/support/fixtures.js';

/** The catalogue a generated file refers to (orders-support's shopWithCatalogue). */
export interface TImportShopCatalogue {
  watchName: string;
  watchSku: string;
  shirtName: string;
  shirtVariantSku: string;
  penSku: string;
}

export const IMPORT_HEADERS = [
  'customer_full_name',
  'customer_phone_1',
  'state',
  'city',
  'customer_address',
  'product',
  'variant',
  'quantity',
  'sales_source',
  'Gravure',
  'Cadeau',
] as const;

type TBadKind = 'missing phone' | 'unknown product' | 'wrong wilaya' | 'quantity 0' | 'custom field' | 'formula';

/** What each kind of planted bad row must say in its error (the row's own words or SPEC 5's). */
export const BAD_ROW_MESSAGES: Record<TBadKind, string> = {
  'missing phone': 'The phone field is required.',
  'unknown product': 'Product "Produit inconnu" was not found (use its name or SKU).',
  'wrong wilaya': 'Commune "Oran" is not a commune of the wilaya "16".',
  'quantity 0': 'Quantity must be greater than 0',
  'custom field': 'Stylo gravé: Gravure is required',
  formula: 'The customer_full_name cell holds a formula; type its value instead.',
};
const KINDS = Object.keys(BAD_ROW_MESSAGES) as TBadKind[];

// The many ways a seller writes a place, all valid: codes, French with or without accents and
// hyphens, Arabic, aliases.
const PLACES: Array<[TCell, TCell]> = [
  ['16', 'Alger Centre'],
  ['Alger', 'alger-centre'],
  ['الجزائر', 'الجزائر الوسطى'],
  ['31', 'Oran'],
  ['Bordj Bou Arreridj', 'Ras El Oued'],
  ['34 - Bordj Bou Arréridj', 'B. B. Arreridj'],
  ['06', 'Béjaïa'],
  ['Béjaïa', 'bejaia'],
  [16, 'Sidi Mhamed'],
];

/**
 * Data rows for an import file: `count` rows, `bad` of them planted at spread-out positions with
 * one problem each (six kinds in turn). Answers the rows (header first) and, per bad spreadsheet
 * row number, the message its error must carry. Phones are unique per row (and per `seed`), some
 * written as Excel writes them after dropping the leading zero.
 */
export function importRows(options: {
  count: number;
  bad: number;
  catalogue: TImportShopCatalogue;
  seed?: number;
  formulas?: boolean;
}): { rows: TCell[][]; badRows: Map<number, string> } {
  const { catalogue } = options;
  const rows: TCell[][] = [[...IMPORT_HEADERS]];
  const badRows = new Map<number, string>();
  const every = Math.floor(options.count / Math.max(1, options.bad));
  const seed = options.seed ?? Math.floor(Math.random() * 90) + 10;
  for (let i = 0; i < options.count; i++) {
    const rowNumber = i + 2;
    const [state, city] = PLACES[i % PLACES.length]!;
    const mobile = `${5 + (i % 3)}${String(seed).padStart(2, '0')}${String(i).padStart(6, '0')}`;
    const product = i % 4;
    const row: TCell[] = [
      i % 5 === 0 ? 'محمد أمين بن علي' : `Client ${i}`,
      i % 2 === 0 ? Number(mobile) : `0${mobile}`,
      state,
      city,
      `Rue ${i}`,
      product === 0
        ? catalogue.watchName
        : product === 1
          ? catalogue.shirtVariantSku
          : product === 2
            ? catalogue.shirtName
            : catalogue.penSku,
      product === 2 ? 'M' : '',
      (i % 3) + 1,
      'facebook',
      product === 3 ? `Gravure ${i}` : '',
      product === 3 ? 'oui' : '',
    ];
    const badIndex = options.bad > 0 && i % every === every - 1 ? Math.floor(i / every) : -1;
    if (badIndex >= 0 && badIndex < options.bad) {
      const kind = KINDS[badIndex % KINDS.length]!;
      plant(row, kind, catalogue, options.formulas !== false);
      badRows.set(
        rowNumber,
        BAD_ROW_MESSAGES[kind === 'formula' && options.formulas === false ? 'missing phone' : kind],
      );
    }
    rows.push(row);
  }
  return { rows, badRows };
}

function plant(row: TCell[], kind: TBadKind, catalogue: TImportShopCatalogue, formulas: boolean) {
  switch (kind) {
    case 'missing phone':
      row[1] = '';
      return;
    case 'unknown product':
      row[5] = 'Produit inconnu';
      row[6] = '';
      return;
    case 'wrong wilaya':
      row[2] = '16';
      row[3] = 'Oran';
      return;
    case 'quantity 0':
      row[7] = 0;
      return;
    case 'custom field':
      row[5] = catalogue.penSku;
      row[6] = '';
      row[9] = '';
      row[10] = 'oui';
      return;
    case 'formula':
      if (formulas) row[0] = { formula: 'CONCATENATE("Cli","ent")', result: 'Client' };
      else row[1] = '';
  }
}

/** A multipart body with one `file` part, as the browser's FormData sends it. */
export function multipartFile(fileName: string | null, content: Buffer) {
  const boundary = '----import-test-boundary';
  const head =
    fileName === null
      ? `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadImport(app: TApp['app'], authorization: string, fileName: string | null, content: Buffer) {
  const body = multipartFile(fileName, content);
  return app.inject({
    method: 'POST',
    url: '/dashboard/orders/import',
    headers: { ...body.headers, authorization },
    payload: body.payload,
  });
}
