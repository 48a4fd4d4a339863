/** Imports and exports (issue 6). File refusals are in files.ts, an import's row errors in imports.ts. */
export const OPERATIONS_TEMPLATES = {
  'import.started': 'Import started with {count} rows',
  'export.xlsx_empty': 'Please select orders to export.',
  'export.pdf_empty': 'Please select orders to generate PDF.',
  'export.too_many_orders': 'At most {max} orders can be exported at once.',
  'export.link_invalid': 'This link has expired or was already used. Generate the PDF again.',
} as const;
