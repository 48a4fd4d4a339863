import {
  CALL_CLAIM_MINUTES,
  CALL_MESSAGES,
  canTransition,
  customerRisk,
  formatLocalDateTime,
  isWithinWorkingHours,
  m,
  parseLocalDateTime,
  englishOf,
  ZCallCentreSettingsInput,
  type TCallAttempt,
  type TCallAttemptRequest,
  type TCallCentreSettings,
  type TCustomerRisk,
  type TOrderRow,
  type TStatusType,
} from '@cod/shared';
import type { Db, Tx } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { recordSettingsAudit } from '../audit/audit.service.js';
import { changeStatuses } from '../orders/change-status.js';
import { scopeOf, type TOrderActor, type TOrderScope } from '../orders/order-access.js';
import { beforesOf, emitOrderEvents } from '../orders/order-events.js';
import { shopSettingsOf } from '../shop-settings/shop-settings.service.js';
import * as repo from './call-attempts.repository.js';
import * as queue from './call-queue.repository.js';
import { recordAttempt } from './record-attempt.js';

type TAgent = TOrderActor & { userId: number };

/** The status an outcome moves the order to, if any: confirmed, cancelled, callback (reported). */
const TARGET_TYPE: Partial<Record<TCallAttemptRequest['outcome'], TStatusType>> = {
  confirmed: 'confirmed',
  cancelled: 'cancelled',
  callback: 'reported',
};

/**
 * POST /dashboard/orders/{id}/attempts (issue 15.1, docs/decisions/0083): the outcome of a call.
 * confirmed and cancelled move the order to the given status (default the shop's first of that
 * type) under the usual transition rules, the cancellation's reason as the history's description;
 * a callback moves an order not yet reported to the shop's first reported status with the asked
 * date-time. Every outcome is an attempt on the order. All in one transaction.
 */
export function logCallOutcome(
  deps: TAppDeps,
  actor: TAgent,
  orderId: number,
  request: TCallAttemptRequest,
  now = new Date(),
): Promise<{ attempt: TCallAttempt; order: TOrderRow }> {
  return withTenantEvents(deps.db, actor.tenantId, async (tx, events) => {
    const scope = await scopeOf(tx, actor);
    const order = await repo.lockCallOrder(tx, scope, orderId);
    if (!order) throw AppError.notFound('Order');
    const callbackAt = request.callback_at ? callbackTime(request.callback_at, scope.timeZone, now) : null;

    const before = beforesOf([order]);
    const targetType = TARGET_TYPE[request.outcome];
    if (targetType) {
      const statusId = await targetStatus(tx, scope, request, targetType);
      // A call-back of an order already reported keeps its status: only the call-back time moves.
      const moves = !(request.outcome === 'callback' && order.status_type === 'reported');
      if (
        statusId !== undefined &&
        moves &&
        (request.outcome !== 'callback' || canTransition(order.status_type, 'reported'))
      ) {
        await changeStatuses(
          tx,
          scope,
          {
            orderIds: [order.id],
            statusId,
            description: request.note,
            reportDate: request.outcome === 'callback' ? request.callback_at : undefined,
            single: true,
          },
          now,
        );
      }
    }
    const recorded = await recordAttempt(tx, {
      tenantId: scope.tenantId,
      orderId: order.id,
      userId: actor.userId,
      outcome: request.outcome,
      note: request.note,
      callbackAt,
      at: now,
    });
    const [row] = await emitOrderEvents(tx, events, scope, targetType ? 'status' : 'updated', [order.id], before);
    const attempt = (await repo.attemptsOf(tx, scope.tenantId, order.id)).find((a) => a.id === recorded.id)!;
    return { attempt, order: row! };
  });
}

async function targetStatus(
  tx: Tx,
  scope: TOrderScope,
  request: TCallAttemptRequest,
  type: TStatusType,
): Promise<number | undefined> {
  if (request.status !== undefined) {
    if ((await repo.statusTypeOf(tx, scope.tenantId, request.status)) !== type) {
      throw AppError.validation({ status: [CALL_MESSAGES.statusInvalid] });
    }
    return request.status;
  }
  const id = await repo.firstActiveStatusOfType(tx, scope.tenantId, type);
  if (id === undefined && type !== 'reported') throw AppError.validation({ status: [CALL_MESSAGES.statusInvalid] });
  return id;
}

function callbackTime(value: string, timeZone: string, now: Date): Date {
  const at = parseLocalDateTime(value, timeZone);
  if (!at) throw AppError.validation({ callback_at: [CALL_MESSAGES.dateTimeInvalid] });
  if (at.getTime() < Math.floor(now.getTime() / 60_000) * 60_000) {
    throw AppError.validation({ callback_at: [CALL_MESSAGES.callbackPast] });
  }
  return at;
}

/** GET /dashboard/orders/{id}/call-card: the attempts and the customer's risk, for the dialog. */
export function callCard(
  deps: TAppDeps,
  actor: TOrderActor,
  orderId: number,
): Promise<{ attempts: TCallAttempt[]; risk: TCustomerRisk; phone: string; callback_suggestion: string }> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const scope = await scopeOf(tx, actor);
    const phone = await repo.visiblePhoneOf(tx, scope, orderId);
    if (phone === undefined) throw AppError.notFound('Order');
    return {
      attempts: await repo.attemptsOf(tx, scope.tenantId, orderId),
      risk: customerRisk(await repo.riskCountsOf(tx, scope.tenantId, phone)),
      phone,
      // An hour from now on a five-minute mark, in the shop's zone: the call-back field's default.
      callback_suggestion: formatLocalDateTime(
        new Date(Math.ceil((Date.now() + 3_600_000) / 300_000) * 300_000),
        actor.timeZone,
      ),
    };
  });
}

/** The risk of a phone in the shop (tests and the phone check of the order form). */
export function riskOfPhone(deps: TAppDeps, tenantId: number, phone: string): Promise<TCustomerRisk> {
  return withTenant(deps.db, tenantId, async (tx) => customerRisk(await repo.riskCountsOf(tx, tenantId, phone)));
}

/**
 * POST /dashboard/call-queue/next (issue 15.2, docs/decisions/0084): claims the agent's next order
 * for CALL_CLAIM_MINUTES and answers its id, or null when there is none to call now.
 */
export function nextOrder(
  deps: TAppDeps,
  actor: TAgent,
  now = new Date(),
): Promise<{ id: number; claimed_until: string } | null> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const scope = (await scopeOf(tx, actor)) as TOrderScope & { userId: number };
    const settings = await repo.findCallSettings(tx, actor.tenantId);
    const id = await queue.claimNextOrder(tx, scope, {
      now,
      retryMinutes: settings.retry_minutes,
      claimMinutes: CALL_CLAIM_MINUTES,
    });
    if (id === undefined) return null;
    return { id, claimed_until: new Date(now.getTime() + CALL_CLAIM_MINUTES * 60_000).toISOString() };
  });
}

/** POST /dashboard/call-queue/{id}/release: the agent closed the order without an outcome. */
export function releaseOrder(deps: TAppDeps, actor: TAgent, orderId: number): Promise<void> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const scope = (await scopeOf(tx, actor)) as TOrderScope & { userId: number };
    const found = await queue.releaseClaim(tx, scope, orderId);
    if (!found) throw AppError.notFound('Order');
  });
}

/** GET /dashboard/call-queue/callbacks: the call-back queue view. */
export function callbackList(deps: TAppDeps, actor: TAgent, options: { mine: boolean }) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const scope = (await scopeOf(tx, actor)) as TOrderScope & { userId: number };
    const found = await queue.callbackQueue(tx, scope, { mine: options.mine, limit: 200 });
    const now = Date.now();
    const data = found.map((r) => {
      const due = new Date(r.due_at);
      return {
        id: r.id,
        order_number: r.order_number,
        customer_full_name: r.customer_full_name,
        customer_phone_1: r.customer_phone_1,
        agent: r.agent_id !== null && r.agent_name !== null ? { id: r.agent_id, name: r.agent_name } : null,
        status: { name: r.status_name, color: r.status_color, type: r.status_type },
        due_at: due.toISOString(),
        formatted_due_at: formatLocalDateTime(due, actor.timeZone),
        is_due: due.getTime() <= now,
        attempts_count: r.attempts_count,
        claimed_by: r.claimed_by_name,
      };
    });
    return { data, total: data.length };
  });
}

// ---------------------------------------------------------------- settings

export function getCallSettings(deps: TAppDeps, tenantId: number): Promise<TCallCentreSettings> {
  return withTenant(deps.db, tenantId, (tx) => repo.findCallSettings(tx, tenantId));
}

/** PUT /dashboard/call-centre/settings: the shop's call rules. */
export function updateCallSettings(deps: TAppDeps, actor: TActor, input: unknown) {
  const values = parse(ZCallCentreSettingsInput, input);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = await repo.findCallSettings(tx, actor.tenantId);
    if (
      values.no_answer_status_id !== null &&
      !(await repo.statusTypeOf(tx, actor.tenantId, values.no_answer_status_id))
    ) {
      throw AppError.validation({ no_answer_status_id: [CALL_MESSAGES.statusInvalid] });
    }
    await repo.saveCallSettings(tx, actor.tenantId, values);
    await recordSettingsAudit(tx, actor, { before, after: values });
    return { ...messageBody(CALL_MESSAGES.settingsSaved), settings: values };
  });
}

// ---------------------------------------------------------------- the no-answer rule (job)

const NO_ANSWER_BATCH = 200;

/**
 * The shops' no-answer rule (issue 15.1, docs/decisions/0083): in each shop whose rule is on and
 * which is open now (its working hours, in its time zone), orders with enough unanswered attempts
 * spread over enough hours move to the shop's chosen status, once: the order is marked as moved in
 * the same transaction, and a second run (or a second instance) finds nothing more to do.
 */
export async function runNoAnswerRule(db: Db, now = new Date()): Promise<{ shops: number; moved: number }> {
  const shops = await withSystem(db, (tx) => queue.shopsWithNoAnswerRule(tx));
  let moved = 0;
  let open = 0;
  for (const rule of shops) {
    const count = await withTenantEvents(db, rule.tenant_id, async (tx, events) => {
      const settings = await shopSettingsOf(tx, rule.tenant_id);
      if (!isWithinWorkingHours(settings.working_hours, settings.time_zone, now)) return -1;
      const targetType = await repo.statusTypeOf(tx, rule.tenant_id, rule.no_answer_status_id);
      if (!targetType) return 0;
      const scope: TOrderScope = {
        tenantId: rule.tenant_id,
        userId: null,
        ip: null,
        timeZone: settings.time_zone,
        seesAll: true,
        productIds: 'all',
      };
      const ids = await queue.ordersPastNoAnswerRule(tx, rule.tenant_id, rule, NO_ANSWER_BATCH);
      const lockedTypes = await repo.statusTypesOf(tx, rule.tenant_id, ids);
      const movable = ids.filter((id) => {
        const from = lockedTypes.get(id);
        return from !== undefined && canTransition(from, targetType);
      });
      if (!movable.length) return 0;
      const description = englishOf(m('call.no_answer_moved', { count: rule.unanswered_limit }));
      const before = await changeStatuses(
        tx,
        scope,
        {
          orderIds: movable,
          statusId: rule.no_answer_status_id,
          description,
          // A reported target needs a schedule: the next working moment is the shop's business, so now.
          reportDate: targetType === 'reported' ? formatLocalDateTime(now, settings.time_zone) : undefined,
          single: false,
        },
        now,
      );
      await queue.markNoAnswerMoved(tx, rule.tenant_id, movable, now);
      await emitOrderEvents(tx, events, scope, 'status', movable, before);
      return movable.length;
    });
    if (count >= 0) open += 1;
    moved += Math.max(count, 0);
  }
  return { shops: open, moved };
}
