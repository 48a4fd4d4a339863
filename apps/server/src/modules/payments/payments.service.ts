import { extendedValidTo, m, subscriptionStatusAt, ZPaymentInput, ZVoidPaymentInput } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { recordCentralAudit } from '../central/central-admin.service.js';
import type { TCentralSession } from '../central/central-auth.service.js';
import { planIn } from '../plans/plans.service.js';
import {
  currentSubscriptionIn,
  graceDaysIn,
  startSubscriptionIn,
  updateSubscriptionIn,
} from '../subscriptions/subscriptions.service.js';
import { checkReceipt, readReceipt, removeReceipt, storeReceipt, type TReceiptUpload } from './payment-receipts.js';
import * as repo from './payments.repository.js';

export type TPaymentDeps = TAppDeps & { receiptsDir: string };

/**
 * Payments (issue 19.4, docs/decisions/0066). A payment extends the tenant's subscription from
 * max(now, valid_to) by its period, on its plan (a different plan starts a new current
 * subscription, the old one kept as history), in one transaction with the payment and the audit.
 */
export async function recordPayment(
  deps: TPaymentDeps,
  admin: TCentralSession,
  fields: unknown,
  upload: TReceiptUpload | null,
  now: Date = new Date(),
) {
  const input = parse(ZPaymentInput, fields);
  const receipt = upload ? checkReceipt(upload) : null;
  const file = receipt ? await storeReceipt(deps.receiptsDir, receipt) : null;
  try {
    const payment = await withSystem(deps.db, async (tx) => {
      const id = await applyPaymentIn(
        tx,
        {
          tenantId: input.tenant_id,
          planId: input.plan_id,
          amount: input.amount,
          method: input.method,
          reference: input.reference,
          paidOn: input.paid_on,
          periodMonths: input.period_months,
          receipt: receipt && file ? { path: file, name: receipt.name, type: receipt.type } : null,
          note: input.note,
          recordedBy: admin.id,
        },
        now,
      );
      return (await repo.findPayment(tx, id))!;
    });
    return { ...messageBody(m('payment.recorded')), data: publicPayment(payment) };
  } catch (error) {
    if (file) await removeReceipt(deps.receiptsDir, file);
    throw error;
  }
}

/**
 * A payment inside the caller's transaction, by an administrator or by the gateway's webhook
 * (recordedBy null, decision 0098): the subscription is extended from max(now, valid_to) by the
 * period, on the payment's plan, and the central audit records it.
 */
export async function applyPaymentIn(
  tx: Tx,
  v: {
    tenantId: number;
    planId: number | undefined;
    amount: number;
    method: string;
    reference: string | null;
    paidOn: string;
    periodMonths: number;
    receipt: { path: string; name: string; type: string } | null;
    note: string | null;
    recordedBy: number | null;
  },
  now: Date,
): Promise<number> {
  const current = await currentSubscriptionIn(tx, v.tenantId, { lock: true });
  if (!current) throw new AppError('not_found', m('central_tenant.not_found'));
  const planId = v.planId ?? current.plan_id;
  const plan = await planIn(tx, planId, { choosable: planId !== current.plan_id });
  const { from, to } = extendedValidTo(new Date(current.valid_to), v.periodMonths, now);
  const graceDays = await graceDaysIn(tx);
  const suspended = current.status === 'suspended';
  const status = subscriptionStatusAt({ isTrial: plan.is_trial, validTo: to, suspended }, now, graceDays);
  let subscriptionId = current.id;
  if (plan.id === current.plan_id) {
    await updateSubscriptionIn(tx, current.id, { status, validTo: to });
  } else {
    subscriptionId = await startSubscriptionIn(tx, {
      tenantId: v.tenantId,
      planId: plan.id,
      status,
      validFrom: now,
      validTo: to,
    });
    if (suspended) {
      await updateSubscriptionIn(tx, subscriptionId, {
        suspendedAt: new Date(current.suspended_at ?? now),
        suspendReason: current.suspend_reason,
      });
    }
  }
  const id = await repo.insertPayment(tx, {
    tenantId: v.tenantId,
    subscriptionId,
    planId: plan.id,
    amount: v.amount,
    method: v.method,
    reference: v.reference,
    paidOn: v.paidOn,
    periodMonths: v.periodMonths,
    periodFrom: from,
    periodTo: to,
    validToBefore: current.valid_to,
    receipt: v.receipt,
    note: v.note,
    recordedBy: v.recordedBy,
  });
  await recordCentralAudit(tx, {
    adminId: v.recordedBy,
    tenantId: v.tenantId,
    action: 'record_payment',
    entity: 'payment',
    entityId: id,
    before: { plan: current.plan, status: current.status, valid_to: current.valid_to },
    after: { plan: plan.name, status, valid_to: to.toISOString(), amount: v.amount, method: v.method },
  });
  return id;
}

function publicPayment<T extends repo.TPaymentRow>(row: T): repo.TPaymentRow {
  const {
    receipt_path: _p,
    receipt_type: _t,
    subscription_id: _s,
    ...rest
  } = row as T & {
    receipt_path?: unknown;
    receipt_type?: unknown;
    subscription_id?: unknown;
  };
  return rest;
}

export function listPayments(deps: TAppDeps, query: { tenant_id?: unknown; month?: unknown }) {
  const tenantId = Number(query.tenant_id);
  const month = typeof query.month === 'string' && /^\d{4}-\d{2}$/.test(query.month) ? query.month : null;
  return withSystem(deps.db, async (tx) => ({
    data: await repo.listPayments(tx, {
      tenantId: Number.isInteger(tenantId) && tenantId > 0 ? tenantId : null,
      month,
    }),
  }));
}

export function listPaymentsIn(tx: Parameters<typeof repo.listPayments>[0], tenantId: number) {
  return repo.listPayments(tx, { tenantId, month: null });
}

/**
 * Voids a payment, keeping it (and who voided it, when and why) as the audit trail. When it is the
 * subscription's latest payment, valid_to goes back to what it was before it.
 */
export async function voidPayment(
  deps: TAppDeps,
  admin: TCentralSession,
  id: number,
  input: unknown,
  now = new Date(),
) {
  const { reason } = parse(ZVoidPaymentInput, input);
  const payment = await withSystem(deps.db, async (tx) => {
    const found = await repo.findPayment(tx, id, { lock: true });
    if (!found) throw new AppError('not_found', m('payment.not_found'));
    if (found.voided_at) throw new AppError('conflict', m('payment.already_void'));
    const current = await currentSubscriptionIn(tx, found.tenant_id, { lock: true });
    const rollsBack =
      current?.id === found.subscription_id && (await repo.isLatestPayment(tx, found.subscription_id, id));
    await repo.voidPayment(tx, id, admin.id, reason);
    let after: Record<string, unknown> = { voided: true, reason };
    if (rollsBack && current) {
      const validTo = new Date(found.valid_to_before);
      const status = subscriptionStatusAt(
        { isTrial: current.is_trial, validTo, suspended: current.status === 'suspended' },
        now,
        await graceDaysIn(tx),
      );
      await updateSubscriptionIn(tx, current.id, { validTo, status });
      after = { ...after, valid_to: validTo.toISOString(), status };
    }
    await recordCentralAudit(tx, {
      adminId: admin.id,
      tenantId: found.tenant_id,
      action: 'void_payment',
      entity: 'payment',
      entityId: id,
      before: { valid_to: current?.valid_to, status: current?.status },
      after,
    });
    return (await repo.findPayment(tx, id))!;
  });
  return { ...messageBody(m('payment.voided')), data: publicPayment(payment) };
}

export async function paymentReceipt(deps: TPaymentDeps, id: number) {
  const found = await withSystem(deps.db, (tx) => repo.findPayment(tx, id));
  if (!found?.receipt_path) throw new AppError('not_found', m('payment.not_found'));
  const data = await readReceipt(deps.receiptsDir, found.receipt_path);
  if (!data) throw new AppError('not_found', m('payment.not_found'));
  return { data, type: found.receipt_type ?? 'application/octet-stream', name: found.receipt_name ?? 'receipt' };
}

/** A payment for its printable receipt (the PDF). */
export async function paymentForReceipt(deps: TAppDeps, id: number) {
  const found = await withSystem(deps.db, (tx) => repo.findPayment(tx, id));
  if (!found) throw new AppError('not_found', m('payment.not_found'));
  return publicPayment(found);
}
