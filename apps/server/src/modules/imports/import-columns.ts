import { ORDER_IMPORT_COLUMNS } from '../../files/import-columns.js';

/** The order field a header names. The template's headers are the field names (docs/decisions/0020). */
export type TImportField = (typeof ORDER_IMPORT_COLUMNS)[number]['header'];

// Headers sellers write in their own files (French, English, Arabic); compared folded.
const ALIASES: Record<string, readonly string[]> = {
  customer_full_name: ['name', 'full_name', 'customer', 'customer_name', 'client', 'nom', 'nom_complet', 'الاسم'],
  customer_phone_1: ['phone', 'phone_1', 'telephone', 'tel', 'mobile', 'الهاتف'],
  customer_phone_2: ['phone_2', 'telephone_2', 'tel_2'],
  state: ['state_id', 'wilaya', 'wilaya_code', 'الولاية'],
  city: ['city_id', 'commune', 'البلدية'],
  customer_address: ['address', 'adresse', 'العنوان'],
  product: ['product_id', 'product_name', 'product_sku', 'sku', 'produit', 'المنتج'],
  variant: ['variant_sku', 'variante'],
  quantity: ['qty', 'quantite', 'الكمية'],
  price: ['unit_price', 'prix', 'السعر'],
  is_stopdesk: ['stopdesk', 'stop_desk'],
  stopdesk_id: ['stopdesk_center', 'center_id'],
  free_delivery: ['livraison_gratuite'],
  note: ['notes', 'remarque'],
  sales_source: ['source'],
  campaign_id: ['campaign', 'campagne'],
};

/** SPEC 5: "required fields must be filled"; a file without one of these columns is refused at upload. */
export const REQUIRED_FIELDS: readonly TImportField[] = ORDER_IMPORT_COLUMNS.filter((c) => c.required).map(
  (c) => c.header,
);

export const foldHeader = (header: string) =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .toLowerCase()
    .replace(/[\s\-.]+/g, '_');

/** Which header of the file holds each field (the exact field name first, then an alias). */
export function mapHeaders(headers: readonly string[]): Map<TImportField, string> {
  const byFolded = new Map<string, string>();
  for (const header of headers) if (!byFolded.has(foldHeader(header))) byFolded.set(foldHeader(header), header);
  const map = new Map<TImportField, string>();
  for (const column of ORDER_IMPORT_COLUMNS) {
    const field = column.header;
    const found = [field, ...(ALIASES[field] ?? [])].map((name) => byFolded.get(foldHeader(name))).find(Boolean);
    if (found) map.set(field, found);
  }
  return map;
}

export function missingRequiredFields(headers: readonly string[]): TImportField[] {
  const map = mapHeaders(headers);
  return REQUIRED_FIELDS.filter((field) => !map.has(field));
}
