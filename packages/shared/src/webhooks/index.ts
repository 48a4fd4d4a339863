import { z } from 'zod';
import { m } from '../messages/message.js';

/** Issue 15.7: outbound webhooks' events and API contract (docs/decisions/0089, 0090). */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.status_changed',
  'shipment.status_changed',
  'import.finished',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Only sent by the test button, to the one endpoint. */
export type TWebhookDeliveryEvent = TWebhookEvent | 'ping';

export const WEBHOOK_MAX_ENDPOINTS = 20;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Headers of every delivery; the signature is hex HMAC-SHA256 of `${timestamp}.${body}`. */
export const WEBHOOK_SIGNATURE_HEADER = 'x-cod-signature';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-cod-timestamp';
export const WEBHOOK_EVENT_HEADER = 'x-cod-event';
export const WEBHOOK_DELIVERY_HEADER = 'x-cod-delivery';
/** Receivers should refuse a timestamp older than this (replay). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const ZWebhookEndpointInput = z.object({
  url: z
    .string({ error: m('webhooks.url_required') })
    .trim()
    .min(1, m('webhooks.url_required'))
    .max(2000, m('webhooks.url_invalid')),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: m('webhooks.event_invalid') }), { error: m('webhooks.events_required') })
    .min(1, m('webhooks.events_required'))
    .transform((events) => [...new Set(events)]),
  description: z
    .string()
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, m('webhooks.description_too_long', { max: WEBHOOK_DESCRIPTION_MAX }))
    .nullish()
    .transform((v) => v || null),
  active: z.boolean().optional().default(true),
});
export type TWebhookEndpointInput = z.output<typeof ZWebhookEndpointInput>;

export interface TWebhookEndpoint {
  id: number;
  url: string;
  events: TWebhookEvent[];
  description: string | null;
  active: boolean;
  /** The secret's first characters, to tell secrets apart. */
  secret_prefix: string;
  consecutive_failures: number;
  disabled_at: string | null;
  created_at: string;
}
/** Create and rotate answer the secret, once. */
export type TWebhookEndpointWithSecret = TWebhookEndpoint & { secret: string };

export type TWebhookDeliveryState = 'pending' | 'sending' | 'succeeded' | 'failed';

export interface TWebhookAttempt {
  attempt: number;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
  created_at: string;
}

export interface TWebhookDelivery {
  id: number;
  endpoint_id: number;
  event_id: string;
  event: TWebhookDeliveryEvent;
  state: TWebhookDeliveryState;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  replay_of: number | null;
  created_at: string;
  attempt_log: TWebhookAttempt[];
}

/** PUT /dashboard/carrier-advice/settings. */
export const ZCarrierAdviceSettings = z.object({ preselect: z.boolean() });
