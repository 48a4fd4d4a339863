/**
 * The columns of the order import file (SPEC 5: required fields must be filled; products are
 * identified by name or SKU). The header text is the order field's name, so matching a header is
 * exact and language-neutral; the import pipeline may accept aliases on top. One row is one order
 * with one product line. See docs/decisions/0020.
 */
export interface TImportColumn {
  header: string;
  required: boolean;
  /** What goes in the column, shown on the template's Columns sheet. */
  help: string;
}

export const ORDER_IMPORT_COLUMNS: readonly TImportColumn[] = [
  { header: 'customer_full_name', required: true, help: 'Customer name (Arabic or Latin letters).' },
  { header: 'customer_phone_1', required: true, help: 'Algerian phone, e.g. 0555123456 or +213 555 12 34 56.' },
  { header: 'customer_phone_2', required: false, help: 'Second phone, optional.' },
  { header: 'state', required: true, help: 'Wilaya: its code (16) or its name in French or Arabic (Alger, الجزائر).' },
  { header: 'city', required: true, help: 'Commune of that wilaya, in French or Arabic (see the Lists sheet).' },
  { header: 'customer_address', required: false, help: 'Street address.' },
  { header: 'product', required: true, help: 'Product name or SKU (see the Lists sheet).' },
  { header: 'variant', required: false, help: 'Variant name or SKU; required when the product has variants.' },
  { header: 'quantity', required: false, help: 'Whole number greater than 0; 1 when empty.' },
  { header: 'price', required: false, help: 'Unit price in DA; the catalogue price when empty.' },
  { header: 'is_stopdesk', required: false, help: '1 (or yes) for delivery to a stop desk, empty for home delivery.' },
  { header: 'stopdesk_id', required: false, help: 'Stop desk centre id when is_stopdesk is 1.' },
  { header: 'free_delivery', required: false, help: '1 (or yes) when the customer pays no delivery.' },
  { header: 'note', required: false, help: 'Note for the team.' },
  { header: 'sales_source', required: false, help: 'facebook, tiktok, instagram, google, meta or any text.' },
  { header: 'campaign_id', required: false, help: 'Advertising campaign id.' },
];
