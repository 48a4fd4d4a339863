import type { TCallOutcome } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { applyAttemptToOrder, insertAttempt } from './call-attempts.repository.js';

export interface TRecordAttemptInput {
  tenantId: number;
  orderId: number;
  /** The agent (null: the system). */
  userId: number | null;
  outcome: TCallOutcome;
  note?: string | null;
  /** For outcome callback: when to call back. */
  callbackAt?: Date | null;
  /** The attempt's time (default now): tests and imports give their own clock. */
  at?: Date;
}

/**
 * Issue 15.1 (docs/decisions/0083): one attempt kept on the order, inside the caller's
 * transaction, with the order's call summary (count, unanswered run, call-back, claim). It does
 * not check who may see the order nor move its status: the caller has done that (the outcome
 * use case, the WhatsApp button). Answers the attempt's id and time.
 */
export async function recordAttempt(tx: Tx, input: TRecordAttemptInput): Promise<{ id: number; created_at: Date }> {
  const values = {
    tenantId: input.tenantId,
    orderId: input.orderId,
    userId: input.userId,
    outcome: input.outcome,
    note: input.note ?? null,
    callbackAt: input.outcome === 'callback' ? (input.callbackAt ?? null) : null,
    at: input.at ?? new Date(),
  };
  if (input.outcome === 'callback' && !values.callbackAt) throw new Error('recordAttempt: a callback needs callbackAt');
  const attempt = await insertAttempt(tx, values);
  await applyAttemptToOrder(tx, values);
  return attempt;
}
