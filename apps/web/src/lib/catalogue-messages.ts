import type { TFunction } from 'i18next';
import { CATALOGUE_MESSAGES as M } from '@cod/shared';
import { translateMessage } from '../../lib/messages';

/**
 * The shared catalogue schemas and the server write English sentences (packages/shared
 * catalogue/messages.ts); this turns them into the user's language. Fixed sentences map to keys;
 * the "The {field} ..." families keep their field and numbers. Anything unknown is shown as written.
 */
const FIXED: Record<string, string> = {
  [M.skuTaken]: 'validation.sku_taken',
  [M.skuFormat]: 'validation.sku_format',
  [M.variantsRequired]: 'validation.variants_required',
  [M.variantsNotAllowed]: 'validation.variants_not_allowed',
  [M.variantNameTaken]: 'validation.variant_name_taken',
  [M.selectNeedsOptions]: 'validation.select_needs_options',
  [M.optionDuplicate]: 'validation.option_duplicate',
  [M.labelTaken]: 'validation.label_taken',
  [M.attributeTaken]: 'validation.attribute_taken',
  [M.phoneInvalid]: 'validation.phone_invalid',
  [M.reasonRequired]: 'validation.reason_required',
  [M.quantityNotZero]: 'validation.quantity_not_zero',
  [M.hasVariantsLocked]: 'validation.has_variants_locked',
  [M.variantHasStock]: 'validation.variant_has_stock',
  'Add at least one line.': 'validation.lines_required',
  // SPEC 5's own words, answered by the stock routes for a product with variants and none chosen.
  'Variant is required': 'validation.variant_required',
  'The type must be one of text, number, select, checkbox.': 'validation.one_of_list',
  'The phone has already been taken.': 'validation.phone_taken',
  'The customer is already blocked.': 'customers.already_blocked',
  'The customer is not blocked.': 'customers.not_blocked',
  'Restore the product before editing it.': 'products.restore_before_edit',
  'The image field is required.': 'products.image_required',
  'The image must be a JPEG, PNG, WebP or GIF picture.': 'products.image_type',
  'The icon may only contain letters, numbers, colons, dashes and underscores.': 'validation.icon_format',
};

interface TPattern {
  pattern: RegExp;
  key: string;
  /** Names of the captured groups after the field (numbers, labels). */
  values?: string[];
}

// Order matters: the more specific sentence first.
const PATTERNS: TPattern[] = [
  { pattern: /^The (.+) field is required\.$/, key: 'validation.required' },
  { pattern: /^The (.+) may not be greater than (\d+) characters\.$/, key: 'validation.max_chars', values: ['max'] },
  { pattern: /^The (.+) may not be greater than (-?\d+)\.$/, key: 'validation.max_value', values: ['max'] },
  { pattern: /^The (.+) may not be less than (-?\d+)\.$/, key: 'validation.min_value', values: ['min'] },
  { pattern: /^The (.+) must be at least (-?\d+)\.$/, key: 'validation.min_value', values: ['min'] },
  { pattern: /^The (.+) must be a number\.$/, key: 'validation.number' },
  { pattern: /^The (.+) must be a whole number\.$/, key: 'validation.whole_number' },
  { pattern: /^The (.+) may have at most 2 decimals\.$/, key: 'validation.decimals' },
  { pattern: /^The (.+) is too large\.$/, key: 'validation.too_large' },
  { pattern: /^The selected (.+) is invalid\.$/, key: 'validation.selected_invalid' },
  { pattern: /^The (.+) must be one of .+\.$/, key: 'validation.one_of_list' },
  { pattern: /^The image may not be greater than (\d+) MB\.$/, key: 'products.image_too_large', values: [] },
  { pattern: /^An? .+ may have at most (\d+) .+\.$/, key: 'validation.too_many', values: [] },
  { pattern: /^Insufficient stock for "(.+)"$/, key: 'stock.insufficient', values: [] },
  // 404s: another shop's id answers the same as a deleted one (ARCHITECTURE 3.5).
  { pattern: /^(?:Product|Provider|Customer|Sales channel|User) not found\.$/, key: 'lists.not_found', values: [] },
];

/** "cost price" -> the translated field name (fields.cost_price), or the words themselves. */
export function fieldName(t: TFunction, field: string): string {
  return t(`fields.${field.replace(/ /g, '_')}`, { defaultValue: field });
}

export function translateCatalogueMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const fixed = FIXED[message];
  if (fixed) return t(fixed);
  for (const { pattern, key, values } of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    if (key === 'stock.insufficient') return t(key, { label: match[1] });
    if (key === 'products.image_too_large') return t(key, { max: match[1] });
    if (key === 'validation.too_many') return t(key, { max: match[1] });
    if (key === 'lists.not_found') return t(key);
    const options: Record<string, string> = { field: fieldName(t, match[1]!) };
    values?.forEach((name, index) => {
      options[name] = match[index + 2]!;
    });
    return t(key, options);
  }
  return translateMessage(t, message);
}
