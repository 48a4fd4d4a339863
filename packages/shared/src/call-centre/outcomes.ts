import { z } from 'zod';
import { m } from '../messages/message.js';
import { MAX_ID, zOptionalText } from '../catalogue/common.js';
import { isLocalDateTime } from '../orders/local-date-time.js';

/**
 * Issue 15.1: what a call (or a WhatsApp message) to a customer gave (docs/decisions/0083).
 * no_answer, busy and phone_off are unanswered: they count toward the shop's no-answer rule and
 * bring the order back to the queue after the retry wait.
 */
export const CALL_OUTCOMES = [
  'no_answer',
  'busy',
  'phone_off',
  'wrong_number',
  'callback',
  'confirmed',
  'cancelled',
  'whatsapp',
] as const;
export type TCallOutcome = (typeof CALL_OUTCOMES)[number];

export const UNANSWERED_OUTCOMES: readonly TCallOutcome[] = ['no_answer', 'busy', 'phone_off'];
export const isUnanswered = (outcome: TCallOutcome) => UNANSWERED_OUTCOMES.includes(outcome);

/** The outcomes an agent picks in the dialog and on a row (WhatsApp is logged by its own button). */
export const AGENT_OUTCOMES = CALL_OUTCOMES.filter((o) => o !== 'whatsapp');

/** One-key actions on a row and in the dialog (STYLE: no modifier, ignored while typing). */
export const OUTCOME_KEYS: Record<Exclude<TCallOutcome, 'whatsapp'>, string> = {
  no_answer: '1',
  busy: '2',
  phone_off: '3',
  wrong_number: '4',
  callback: '5',
  confirmed: '6',
  cancelled: '7',
};

export const CALL_MESSAGES = {
  outcomeRequired: m('call.outcome_required'),
  outcomeInvalid: m('call.outcome_invalid'),
  callbackRequired: m('call.callback_required'),
  callbackPast: m('call.callback_past'),
  dateTimeInvalid: m('order.date_time_invalid'),
  reasonRequired: m('call.reason_required'),
  statusInvalid: m('validation.selected_invalid', { field: 'status' }),
  recorded: m('call.recorded'),
  queueEmpty: m('call.queue_empty'),
  settingsSaved: m('call.settings_saved'),
} as const;

const zOptionalId = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v),
  z.number().int(CALL_MESSAGES.statusInvalid).positive(CALL_MESSAGES.statusInvalid).max(MAX_ID).optional(),
);

/**
 * POST /dashboard/orders/{id}/attempts. A callback needs its date-time ('Y-m-d H:i' in the shop's
 * zone); a cancellation needs its reason (the note). confirmed and cancelled also move the order
 * to the given status (default: the shop's first of that type); callback to a reported status.
 */
export const ZCallAttemptRequest = z
  .object({
    outcome: z.enum(CALL_OUTCOMES, {
      error: (issue) => (issue.input == null ? CALL_MESSAGES.outcomeRequired : CALL_MESSAGES.outcomeInvalid),
    }),
    note: zOptionalText('description', 500),
    callback_at: z
      .preprocess(
        (v) => (v === '' || v === null ? undefined : v),
        z.string().trim().refine(isLocalDateTime, CALL_MESSAGES.dateTimeInvalid).optional(),
      )
      .optional(),
    status: zOptionalId,
  })
  .superRefine((value, ctx) => {
    if (value.outcome === 'callback' && !value.callback_at) {
      ctx.addIssue({ code: 'custom', path: ['callback_at'], message: CALL_MESSAGES.callbackRequired });
    }
    if (value.outcome === 'cancelled' && !value.note) {
      ctx.addIssue({ code: 'custom', path: ['note'], message: CALL_MESSAGES.reasonRequired });
    }
  });
export type TCallAttemptRequest = z.output<typeof ZCallAttemptRequest>;

/** One attempt as the dialog's history and the timeline show it. */
export interface TCallAttempt {
  id: number;
  order_id: number;
  outcome: TCallOutcome;
  note: string | null;
  callback_at: string | null;
  created_at: string;
  user: { id: number; name: string } | null;
}

/** The order's call summary, on each list row and in the dialog. */
export interface TOrderCallSummary {
  attempts_count: number;
  unanswered_count: number;
  last_outcome: TCallOutcome | null;
  last_attempt_at: string | null;
  callback_at: string | null;
}
