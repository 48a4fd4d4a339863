import { m, type TCustomer, type TCustomerInput, type TListQuery } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { auditBy, recordAudit } from '../audit/audit.service.js';
import { scopeOf, type TOrderActor } from '../orders/order-access.js';
import { customerCustomFieldValues, customerOrderSummary } from './customer-history.repository.js';
import * as repo from './customers.repository.js';

/**
 * What the orders module needs of customers, inside its transaction: the customer of a phone, and
 * the upsert an order makes (a module calls another's service, never its repository: 0044).
 */
export function findCustomerByPhone(tx: Tx, tenantId: number, phone: string): Promise<TCustomer | undefined> {
  return repo.findCustomerByPhone(tx, tenantId, phone);
}

export function upsertCustomerByPhone(tx: Tx, tenantId: number, values: { phone: string; name: string | null }) {
  return repo.upsertCustomerByPhone(tx, tenantId, values);
}

export function upsertCustomersByPhone(
  tx: Tx,
  tenantId: number,
  values: ReadonlyArray<{ phone: string; name: string | null }>,
): Promise<Map<string, number>> {
  return repo.upsertCustomersByPhone(tx, tenantId, values);
}

export function listCustomers(deps: TAppDeps, tenantId: number, query: TListQuery & { blocked?: boolean }) {
  return withTenant(deps.db, tenantId, (tx) =>
    repo.listCustomers(tx, tenantId, { ...query, page: query.page, perPage: query.per_page }),
  );
}

/** One customer with its blocks (issue 3.6). */
export function getCustomer(deps: TAppDeps, tenantId: number, phone: string) {
  return withTenant(deps.db, tenantId, async (tx) => {
    const customer = await customerOr404(tx, tenantId, phone);
    return { ...customer, blocks: await repo.listCustomerBlocks(tx, tenantId, customer.id) };
  });
}

/**
 * SPEC 3 customer summary; also the block flag, which the customer dialog shows beside it. Orders
 * show only within the actor's order scope (docs/decisions/0040).
 */
export function customerHistory(deps: TAppDeps, actor: TOrderActor, phone: string) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const customer = await customerOr404(tx, actor.tenantId, phone);
    const summary = await customerOrderSummary(tx, await scopeOf(tx, actor), customer.id);
    return { ...summary, is_blocked: customer.is_blocked, blocked_customer: customer.blocked_customer };
  });
}

export function customerCustomFields(deps: TAppDeps, actor: TOrderActor, phone: string) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const customer = await customerOr404(tx, actor.tenantId, phone);
    return { custom_fields: await customerCustomFieldValues(tx, await scopeOf(tx, actor), customer.id) };
  });
}

export function createCustomer(deps: TAppDeps, actor: TActor, input: TCustomerInput): Promise<TCustomer> {
  return withTenant(deps.db, actor.tenantId, (tx) => createCustomerInTx(tx, actor, input));
}

export function updateCustomer(
  deps: TAppDeps,
  actor: TActor,
  phone: string,
  input: { name: string | null; note: string | null },
): Promise<TCustomer> {
  return withTenant(deps.db, actor.tenantId, (tx) => updateCustomerInTx(tx, actor, phone, input));
}

export function blockCustomer(deps: TAppDeps, actor: TActor, phone: string, reason: string): Promise<TCustomer> {
  return withTenant(deps.db, actor.tenantId, (tx) => blockCustomerInTx(tx, actor, phone, reason));
}

export function unblockCustomer(
  deps: TAppDeps,
  actor: TActor,
  phone: string,
  reason: string | null,
): Promise<TCustomer> {
  return withTenant(deps.db, actor.tenantId, (tx) => unblockCustomerInTx(tx, actor, phone, reason));
}

export async function customerOr404(tx: Tx, tenantId: number, phone: string): Promise<TCustomer> {
  const customer = await repo.findCustomerByPhone(tx, tenantId, phone);
  if (!customer) throw AppError.notFound('Customer');
  return customer;
}

async function createCustomerInTx(tx: Tx, actor: TActor, input: TCustomerInput): Promise<TCustomer> {
  const created = await repo.insertCustomer(tx, actor.tenantId, input);
  if (!created) throw AppError.validation({ phone: [m('customer.phone_taken')] });
  await recordAudit(tx, { ...auditBy(actor, 'customer', created.id), action: 'create', changes: input });
  return customerOr404(tx, actor.tenantId, input.phone);
}

async function updateCustomerInTx(
  tx: Tx,
  actor: TActor,
  phone: string,
  input: { name: string | null; note: string | null },
): Promise<TCustomer> {
  const customer = await customerOr404(tx, actor.tenantId, phone);
  await repo.updateCustomerRow(tx, actor.tenantId, customer.id, input);
  await recordAudit(tx, { ...auditBy(actor, 'customer', customer.id), action: 'update', changes: input });
  return customerOr404(tx, actor.tenantId, phone);
}

/** Issue 3.6: a blocked customer is flagged on every order (SPEC 3 is_blocked, blocked_customer). */
async function blockCustomerInTx(tx: Tx, actor: TActor, phone: string, reason: string): Promise<TCustomer> {
  const customer = await customerOr404(tx, actor.tenantId, phone);
  const opened = await repo.openCustomerBlock(tx, actor.tenantId, {
    customerId: customer.id,
    reason,
    blockedBy: actor.userId,
  });
  if (!opened) throw new AppError('conflict', m('customer.already_blocked'));
  await recordAudit(tx, { ...auditBy(actor, 'customer', customer.id), action: 'block', changes: { reason } });
  return customerOr404(tx, actor.tenantId, phone);
}

async function unblockCustomerInTx(tx: Tx, actor: TActor, phone: string, reason: string | null): Promise<TCustomer> {
  const customer = await customerOr404(tx, actor.tenantId, phone);
  const closed = await repo.closeCustomerBlock(tx, actor.tenantId, {
    customerId: customer.id,
    unblockedBy: actor.userId,
    reason,
  });
  if (!closed) throw new AppError('conflict', m('customer.not_blocked'));
  await recordAudit(tx, { ...auditBy(actor, 'customer', customer.id), action: 'unblock', changes: { reason } });
  return customerOr404(tx, actor.tenantId, phone);
}
