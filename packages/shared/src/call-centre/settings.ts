import { z } from 'zod';
import { m } from '../messages/message.js';
import { MAX_ID } from '../catalogue/common.js';

/** Issue 15.1/15.2: the shop's call rules (docs/decisions/0083, 0084). */
export interface TCallCentreSettings {
  /** After this many unanswered attempts ... */
  unanswered_limit: number;
  /** ... spread over at least this many hours, the job moves the order to ... */
  unanswered_hours: number;
  /** ... this status (null: the rule is off). */
  no_answer_status_id: number | null;
  /** An unanswered order comes back to the queue this many minutes after its last attempt. */
  retry_minutes: number;
}

export const DEFAULT_CALL_CENTRE_SETTINGS: TCallCentreSettings = {
  unanswered_limit: 3,
  unanswered_hours: 24,
  no_answer_status_id: null,
  retry_minutes: 60,
};

/** How long an order handed out by "Next order" stays the agent's alone. */
export const CALL_CLAIM_MINUTES = 10;

const whole = (min: number, max: number) =>
  z.coerce
    .number({ error: m('call.number_range', { min, max }) })
    .int(m('call.number_range', { min, max }))
    .min(min, m('call.number_range', { min, max }))
    .max(max, m('call.number_range', { min, max }));

export const ZCallCentreSettingsInput = z.object({
  unanswered_limit: whole(1, 50),
  unanswered_hours: whole(0, 720),
  no_answer_status_id: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number().int().positive().max(MAX_ID).nullable(),
  ),
  retry_minutes: whole(0, 10080),
});
export type TCallCentreSettingsInput = z.output<typeof ZCallCentreSettingsInput>;
