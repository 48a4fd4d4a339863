/**
 * An import's row errors (issue 6, apps/server/src/modules/imports/import-row.ts) and the end of a
 * batch that kept killing its worker. A row with several problems answers `import.row_problems`,
 * its problems one after the other (`{messages}`: each a message of the catalogue). Stored with
 * the row (import_errors.error_code/error_params, migration 0017) beside SPEC 8's English.
 */
export const IMPORT_TEMPLATES = {
  'import.product_unknown': 'Product "{value}" was not found (use its name or SKU).',
  'import.variant_unknown': 'Variant "{value}" was not found for this product.',
  'import.state_unknown': 'Wilaya "{value}" was not found.',
  'import.city_unknown': 'Commune "{value}" is not a commune of the wilaya "{state}".',
  'import.formula': 'The {header} cell holds a formula; type its value instead.',
  'import.row_problems': '{messages}',
  'import.abandoned':
    'The import stopped unexpectedly several times and was abandoned. The orders already imported are kept.',
} as const;
