import {
  endOfAlgiersDay,
  m,
  monthIn,
  subscriptionStatusAt,
  ZChangePlanInput,
  ZExtendInput,
  ZSuspendInput,
} from '@cod/shared';
import { withSystem } from '../../db/tenant-context.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { parse } from '../../lib/validate.js';
import { listPaymentsIn } from '../payments/payments.service.js';
import { planIn } from '../plans/plans.service.js';
import {
  currentSubscriptionIn,
  graceDaysIn,
  startSubscriptionIn,
  subscriptionHistoryIn,
  updateSubscriptionIn,
} from '../subscriptions/subscriptions.service.js';
import { createTenant } from '../tenants/tenants.service.js';
import { listCentralAuditIn, recordCentralAudit } from './central-admin.service.js';
import type { TCentralSession } from './central-auth.service.js';
import * as repo from './central-tenants.repository.js';

/** Tenants as the central administrators see and change them (issue 19.2, docs/decisions/0063). */
export function listTenants({ db }: TAppDeps, query: { search?: unknown; status?: unknown }) {
  const search = typeof query.search === 'string' && query.search.trim() ? query.search.trim().slice(0, 100) : null;
  const status = typeof query.status === 'string' && query.status ? query.status : null;
  return withSystem(db, async (tx) => ({
    data: await repo.listTenants(tx, { search, status, month: monthIn(new Date()) }),
  }));
}

export async function showTenant({ db }: TAppDeps, id: number) {
  return withSystem(db, async (tx) => {
    const tenant = await repo.findTenant(tx, id, monthIn(new Date()));
    if (!tenant) throw new AppError('not_found', m('central_tenant.not_found'));
    const subscription = await currentSubscriptionIn(tx, id);
    const plan = subscription ? await planIn(tx, subscription.plan_id) : null;
    const counts = await repo.resourceCounts(tx, id);
    return {
      data: {
        ...tenant,
        subscription: subscription ?? null,
        usage: {
          orders: { used: tenant.orders_this_month, limit: plan?.max_orders_per_month ?? null },
          users: { used: counts.users, limit: plan?.max_users ?? null },
          shipping_companies: { used: counts.shipping_companies, limit: plan?.max_shipping_companies ?? null },
          sales_channels: { used: counts.sales_channels, limit: plan?.max_sales_channels ?? null },
        },
        users: await repo.tenantUsers(tx, id),
        history: await subscriptionHistoryIn(tx, id),
        payments: await listPaymentsIn(tx, id),
        audit: await listCentralAuditIn(tx, id),
      },
    };
  });
}

/** The operator CLI's code path (createTenant), then the central audit entry. */
export async function createShop({ db }: TAppDeps, admin: TCentralSession, input: unknown) {
  const { tenant, ownerId } = await createTenant(db, input);
  await withSystem(db, (tx) =>
    recordCentralAudit(tx, {
      adminId: admin.id,
      tenantId: tenant.id,
      action: 'create',
      entity: 'tenant',
      entityId: tenant.id,
      after: { cq_name: tenant.cqName, name: tenant.name, owner_id: ownerId },
    }),
  );
  return { ...messageBody(m('central_tenant.created')), data: { id: tenant.id, cq_name: tenant.cqName } };
}

async function withCurrent<T>(
  db: TAppDeps['db'],
  tenantId: number,
  fn: (
    tx: Parameters<Parameters<typeof withSystem>[1]>[0],
    current: NonNullable<Awaited<ReturnType<typeof currentSubscriptionIn>>>,
  ) => Promise<T>,
) {
  return withSystem(db, async (tx) => {
    const current = await currentSubscriptionIn(tx, tenantId, { lock: true });
    if (!current) throw new AppError('not_found', m('central_tenant.not_found'));
    return fn(tx, current);
  });
}

/** Suspends a shop: its writes are refused at once (the guard reads the status on every request). */
export async function suspendTenant({ db }: TAppDeps, admin: TCentralSession, tenantId: number, input: unknown) {
  const { reason } = parse(ZSuspendInput, input);
  await withCurrent(db, tenantId, async (tx, current) => {
    if (current.status === 'suspended') throw new AppError('conflict', m('central_tenant.already_suspended'));
    await updateSubscriptionIn(tx, current.id, { status: 'suspended', suspendedAt: new Date(), suspendReason: reason });
    await recordCentralAudit(tx, {
      adminId: admin.id,
      tenantId,
      action: 'suspend',
      entity: 'subscription',
      entityId: current.id,
      before: { status: current.status },
      after: { status: 'suspended', reason },
    });
  });
  return messageBody(m('central_tenant.suspended'));
}

export async function reactivateTenant({ db }: TAppDeps, admin: TCentralSession, tenantId: number, now = new Date()) {
  await withCurrent(db, tenantId, async (tx, current) => {
    if (current.status !== 'suspended') throw new AppError('conflict', m('central_tenant.not_suspended'));
    const status = subscriptionStatusAt(
      { isTrial: current.is_trial, validTo: new Date(current.valid_to), suspended: false },
      now,
      await graceDaysIn(tx),
    );
    await updateSubscriptionIn(tx, current.id, { status, suspendedAt: null, suspendReason: null });
    await recordCentralAudit(tx, {
      adminId: admin.id,
      tenantId,
      action: 'reactivate',
      entity: 'subscription',
      entityId: current.id,
      before: { status: 'suspended' },
      after: { status },
    });
  });
  return messageBody(m('central_tenant.reactivated'));
}

/** A new current subscription on the chosen plan, keeping valid_to (a payment extends it). */
export async function changeTenantPlan(
  { db }: TAppDeps,
  admin: TCentralSession,
  tenantId: number,
  input: unknown,
  now = new Date(),
) {
  const { plan_id } = parse(ZChangePlanInput, input);
  await withCurrent(db, tenantId, async (tx, current) => {
    const plan = await planIn(tx, plan_id, { choosable: true });
    if (plan.id === current.plan_id) return;
    const validTo = new Date(current.valid_to);
    const suspended = current.status === 'suspended';
    const status = subscriptionStatusAt({ isTrial: plan.is_trial, validTo, suspended }, now, await graceDaysIn(tx));
    const id = await startSubscriptionIn(tx, { tenantId, planId: plan.id, status, validFrom: now, validTo });
    if (suspended) {
      await updateSubscriptionIn(tx, id, {
        suspendedAt: new Date(current.suspended_at ?? now),
        suspendReason: current.suspend_reason,
      });
    }
    await recordCentralAudit(tx, {
      adminId: admin.id,
      tenantId,
      action: 'change_plan',
      entity: 'subscription',
      entityId: id,
      before: { plan: current.plan, status: current.status },
      after: { plan: plan.name, status },
    });
  });
  return messageBody(m('central_tenant.plan_changed'));
}

/** A goodwill extension (no payment): valid_to moves by whole days from max(now, valid_to). */
export async function extendTenant(
  { db }: TAppDeps,
  admin: TCentralSession,
  tenantId: number,
  input: unknown,
  now = new Date(),
) {
  const { days, valid_to, reason } = parse(ZExtendInput, input);
  await withCurrent(db, tenantId, async (tx, current) => {
    const before = new Date(current.valid_to);
    const validTo =
      valid_to !== undefined
        ? endOfAlgiersDay(valid_to)
        : new Date(Math.max(before.getTime(), now.getTime()) + (days ?? 0) * 24 * 60 * 60 * 1000);
    const status = subscriptionStatusAt(
      { isTrial: current.is_trial, validTo, suspended: current.status === 'suspended' },
      now,
      await graceDaysIn(tx),
    );
    await updateSubscriptionIn(tx, current.id, { validTo, status });
    await recordCentralAudit(tx, {
      adminId: admin.id,
      tenantId,
      action: 'extend',
      entity: 'subscription',
      entityId: current.id,
      before: { valid_to: current.valid_to, status: current.status },
      after: { valid_to: validTo.toISOString(), status, days: days ?? null, reason },
    });
  });
  return messageBody(m('central_tenant.extended'));
}
