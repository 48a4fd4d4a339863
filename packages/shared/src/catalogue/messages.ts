/**
 * Field messages of the catalogue forms, in the server's 422 style (ARCHITECTURE 3.5). The web
 * forms and the server validate with the same schemas, so a user sees the same sentence whichever
 * side refused the value.
 */
export const fieldRequired = (field: string) => `The ${field} field is required.`;
export const fieldTooLong = (field: string, max: number) => `The ${field} may not be greater than ${max} characters.`;

export const CATALOGUE_MESSAGES = {
  skuTaken: 'The sku has already been taken.',
  skuFormat: 'The sku may only contain letters, numbers, dots, dashes, underscores and slashes.',
  variantsRequired: 'Add at least one variant.',
  variantsNotAllowed: 'Variants are only allowed when the product has variants.',
  variantNameTaken: 'The variant name must be unique within the product.',
  selectNeedsOptions: 'A select field needs at least one option.',
  optionDuplicate: 'The option is listed twice.',
  labelTaken: 'The label must be unique within the product.',
  attributeTaken: 'The attribute is listed twice.',
  phoneInvalid: 'The phone number is not a valid Algerian number.',
  selectedInvalid: (field: string) => `The selected ${field} is invalid.`,
  reasonRequired: 'The reason field is required.',
  quantityNotZero: 'The quantity may not be 0.',
  hasVariantsLocked: 'Set the stock to zero before switching variants on or off.',
  variantHasStock: 'This variant still has stock; adjust it to zero before removing it.',
} as const;
