/** Issue 15.7: outbound webhooks (shop settings) and 15.6 carrier advice. */
export const WEBHOOK_TEMPLATES = {
  'webhooks.url_required': 'Enter the endpoint URL.',
  'webhooks.url_invalid': 'Enter a valid HTTPS URL on the public internet (no private or local address).',
  'webhooks.events_required': 'Choose at least one event.',
  'webhooks.event_invalid': 'Unknown event.',
  'webhooks.description_too_long': 'The description may not be greater than {max} characters.',
  'webhooks.not_found': 'Webhook endpoint not found.',
  'webhooks.delivery_not_found': 'Delivery not found.',
  'webhooks.endpoint_limit': 'A shop may have at most {max} webhook endpoints.',
  'webhooks.created': 'The endpoint has been added. Copy its secret now: it will not be shown again.',
  'webhooks.updated': 'The endpoint has been saved.',
  'webhooks.deleted': 'The endpoint has been deleted.',
  'webhooks.secret_rotated': 'A new secret has been made. Copy it now: it will not be shown again.',
  'webhooks.ping_queued': 'A test ping has been queued.',
  'webhooks.replay_queued': 'The delivery will be sent again.',
  'webhooks.disabled_subject': 'Webhook endpoint disabled: {url}',
  'webhooks.disabled_body':
    'Deliveries to {url} failed {count} times in a row for 24 hours each, so the endpoint was disabled. Fix the receiver, then turn the endpoint back on in the shop settings.',
  'carrier_advice.saved': 'The carrier advice setting has been saved.',
} as const;
