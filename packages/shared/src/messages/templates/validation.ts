/**
 * Generic field messages in the server's 422 style (ARCHITECTURE 3.5). `{field}` is one of
 * FIELD_NAMES; the web translates it.
 */
export const VALIDATION_TEMPLATES = {
  'validation.invalid': 'The given data was invalid.',
  'validation.required': 'The {field} field is required.',
  'validation.too_long': 'The {field} may not be greater than {max} characters.',
  'validation.number': 'The {field} must be a number.',
  'validation.whole_number': 'The {field} must be a whole number.',
  'validation.min': 'The {field} must be at least {min}.',
  'validation.max': 'The {field} may not be greater than {max}.',
  'validation.not_below': 'The {field} may not be less than {min}.',
  'validation.too_large': 'The {field} is too large.',
  'validation.decimals': 'The {field} may have at most 2 decimals.',
  'validation.invalid_character': 'The {field} contains an invalid character.',
  'validation.selected_invalid': 'The selected {field} is invalid.',
  'validation.field_unknown': 'This field is not accepted here.',
  'validation.boolean': 'The {field} field must be true or false.',
  'validation.flag': 'The {field} flag must be true or false.',
  'validation.email': 'The email must be a valid email address.',
  'validation.id_invalid': 'The id is invalid.',
  'validation.page_min': 'The page must be at least 1.',
  'validation.page_size': 'Invalid page size.',
} as const;
