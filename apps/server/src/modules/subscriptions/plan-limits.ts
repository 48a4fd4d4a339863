import { isBlockedSubscription, m, monthIn, readMessage, type TPlanFeature } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './plan-limits.repository.js';

/**
 * Plan limits, checked in the transaction of the write they limit (issue 19.7, docs/decisions/0064).
 * Steps run inside another use case's transaction, so they take `tx` first.
 */

// The shop's plan, read once per transaction: a group of intake requests and an import chunk both
// check the plan's feature or room and then reserve the quota in one transaction (decision 0121).
const plans = new WeakMap<Tx, ReturnType<typeof repo.shopPlan>>();
function shopPlan(tx: Tx, tenantId: number): ReturnType<typeof repo.shopPlan> {
  let plan = plans.get(tx);
  if (!plan) {
    plan = repo.shopPlan(tx, tenantId);
    plans.set(tx, plan);
    // A failed read is not remembered.
    plan.catch(() => plans.delete(tx));
  }
  return plan;
}

export function blockedError(status: string): AppError {
  return new AppError(
    'payment_required',
    status === 'suspended' ? m('subscription.suspended_write') : m('subscription.expired_write'),
  );
}

/**
 * A plan without a feature (docs/decisions/0099, 0101): 402 naming the plan and the feature by its
 * code, which the web says in the user's language.
 */
export function featureMissingError(plan: string, feature: TPlanFeature): AppError {
  return new AppError('payment_required', m('plan.feature_missing', { plan, feature }));
}

/**
 * In the caller's transaction: the refusal when the shop's current plan has `feature` switched off
 * (absent is on), else null. The intake API's check, which authenticates by key outside the
 * session guard, so each request of a group settles with it.
 */
export async function planFeatureRefusal(tx: Tx, tenantId: number, feature: TPlanFeature): Promise<AppError | null> {
  const plan = await shopPlan(tx, tenantId);
  const features = plan?.features ? (JSON.parse(plan.features) as Record<string, boolean>) : {};
  return plan && features[feature] === false ? featureMissingError(plan.plan, feature) : null;
}

/**
 * Takes `count` places of this month's order quota, or refuses them all: an expired or suspended
 * shop creates nothing (the intake API included), and a creation that would cross the plan's
 * monthly limit is refused with a message naming the plan and the limit. The counter's row lock
 * makes concurrent creations take the last places one at a time.
 */
export async function reserveOrderQuota(tx: Tx, tenantId: number, count: number, now = new Date()): Promise<void> {
  if (count <= 0) return;
  const plan = await shopPlan(tx, tenantId);
  if (plan && isBlockedSubscription(plan.status)) throw blockedError(plan.status);
  const total = await repo.addMonthOrders(tx, tenantId, monthIn(now), count);
  const limit = plan?.max_orders_per_month ?? null;
  if (limit !== null && total > limit) {
    throw new AppError('payment_required', m('plan.order_limit', { plan: plan!.plan, limit }));
  }
}

/**
 * How many orders the shop may still create this month (null: no limit). Locks the month's
 * counter, so a caller that then reserves what this allows is not overtaken (an import chunk).
 */
export async function orderQuotaRoom(tx: Tx, tenantId: number, now = new Date()): Promise<number | null> {
  const plan = await shopPlan(tx, tenantId);
  if (plan && isBlockedSubscription(plan.status)) return 0;
  const used = await repo.addMonthOrders(tx, tenantId, monthIn(now), 0);
  const limit = plan?.max_orders_per_month ?? null;
  return limit === null ? null : Math.max(0, limit - used);
}

/**
 * An import chunk's rows split by what the quota still allows: the first rows are kept, the rest
 * refused with the plan's message (English: import row errors are stored as text, decision 0041).
 */
export async function splitByOrderQuota<T>(
  tx: Tx,
  tenantId: number,
  items: readonly T[],
  now = new Date(),
): Promise<{ allowed: T[]; refused: T[]; message: string }> {
  const room = await orderQuotaRoom(tx, tenantId, now);
  if (room === null || items.length <= room) return { allowed: [...items], refused: [], message: '' };
  const plan = await shopPlan(tx, tenantId);
  const token =
    plan && isBlockedSubscription(plan.status)
      ? blockedError(plan.status).message
      : readMessage(m('plan.order_limit', { plan: plan?.plan ?? '', limit: plan?.max_orders_per_month ?? 0 }))!.message;
  return { allowed: items.slice(0, room), refused: items.slice(room), message: token };
}

const LIMITS = {
  users: { column: 'max_users', message: 'plan.user_limit' },
  shipping_companies: { column: 'max_shipping_companies', message: 'plan.carrier_limit' },
  sales_channels: { column: 'max_sales_channels', message: 'plan.channel_limit' },
} as const;

export type TLimitedResource = keyof typeof LIMITS;

/**
 * Before adding one more user, shipping company or sales channel: refuses when the shop already
 * has as many as its plan allows. Checks of one shop wait for each other (advisory lock to the
 * transaction's end), so two concurrent additions cannot both take the last place.
 */
export async function assertBelowPlanLimit(tx: Tx, tenantId: number, kind: TLimitedResource): Promise<void> {
  const plan = await shopPlan(tx, tenantId);
  if (!plan) return;
  const limit = plan[LIMITS[kind].column];
  if (limit === null) return;
  await repo.lockShopLimits(tx, tenantId);
  const count = await repo.countResources(tx, tenantId, kind);
  if (count >= limit) throw new AppError('payment_required', m(LIMITS[kind].message, { plan: plan.plan, limit }));
}
