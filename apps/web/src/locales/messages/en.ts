import { FIELD_NAMES, fieldKey, MESSAGE_TEMPLATES, PLAN_FEATURE_NAMES } from '@cod/shared';
import { EN_COUNT_SINGULARS } from './en-plurals';

/**
 * The English of the server's messages is the catalogue's own (packages/shared/src/messages,
 * docs/decisions/0041): SPEC 8's sentences, so the web and the server never word them apart.
 * Only the kinds' generic sentences and the list separators are the web's.
 */
const messages: Record<string, Record<string, string>> = {};
for (const [code, template] of Object.entries(MESSAGE_TEMPLATES)) {
  const [group, name] = code.split('.') as [string, string];
  const text = template.replace(/\{(\w+)\}/g, '{{$1}}');
  (messages[group] ??= {})[name] = text;
  // Count messages: i18next's plural forms (one order, N orders), see en-plurals.ts.
  const one = EN_COUNT_SINGULARS[code];
  if (one) Object.assign(messages[group], { [`${name}_one`]: one, [`${name}_other`]: text });
}

export default {
  messages,
  // The server's words, but for the abbreviation the screens spell in capitals.
  message_fields: { ...Object.fromEntries(FIELD_NAMES.map((field) => [fieldKey(field), field])), sku: 'SKU' },
  // `{feature}` of plan.feature_missing: a plan feature's code (docs/decisions/0101).
  message_plan_features: PLAN_FEATURE_NAMES,
  message_kinds: {
    validation: 'Some of the information is not valid.',
    unauthenticated: 'Your session has expired. Please sign in again.',
    forbidden: 'You are not allowed to do this.',
    not_found: 'This item cannot be found.',
    conflict: 'This cannot be done in the current state.',
    too_many_requests: 'Too many attempts. Please try again in a few minutes.',
    invalid_transition: 'This status change is not allowed.',
    insufficient_stock: 'There is not enough stock.',
    payment_required: 'Your subscription does not allow this.',
    unavailable: 'The server is busy. Please try again in a moment.',
    internal: 'An unexpected error occurred.',
    unknown: 'The operation did not succeed.',
  },
  message_format: {
    list_separator: ', ',
    order_separator: '; ',
    // `{limit}` (a count) is said with this locale's thousands separators.
    number_locale: 'en-US',
  },
};
