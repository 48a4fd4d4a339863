/**
 * English singulars of the server's count messages (issue 12 item 9b). SPEC 8 words the plural
 * ('Successfully updated N orders'); with one order i18next asks for `<name>_one`, which without
 * this would fall back to "Successfully updated 1 orders". The plural is the catalogue's own text.
 * Every code here needs its fr (one, many, other) and ar (zero, one, two, few, many, other) forms.
 */
export const EN_COUNT_SINGULARS: Record<string, string> = {
  'order.bulk_updated': 'Successfully updated {{count}} order',
  'order.agent_assigned': 'Successfully assigned {{count}} order',
  'shipping.assign_all': 'Successfully assigned the order!',
  'shipping.dispatch_all': 'Successfully dispatched the order!',
  'shipping.validated_count': 'Successfully validated {{count}} order',
};
