import { m, type TCustomer, type TCustomerInput } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { TActor } from '../products/actor.js';
import * as repo from './customers.repository.js';

export async function customerOr404(tx: Tx, tenantId: number, phone: string): Promise<TCustomer> {
  const customer = await repo.findCustomerByPhone(tx, tenantId, phone);
  if (!customer) throw AppError.notFound('Customer');
  return customer;
}

export async function createCustomer(tx: Tx, actor: TActor, input: TCustomerInput): Promise<TCustomer> {
  const created = await repo.insertCustomer(tx, actor.tenantId, input);
  if (!created) throw AppError.validation({ phone: [m('customer.phone_taken')] });
  await recordAudit(tx, { ...auditBase(actor, created.id), action: 'create', changes: input });
  return customerOr404(tx, actor.tenantId, input.phone);
}

export async function updateCustomer(
  tx: Tx,
  actor: TActor,
  phone: string,
  input: { name: string | null; note: string | null },
): Promise<TCustomer> {
  const customer = await customerOr404(tx, actor.tenantId, phone);
  await repo.updateCustomerRow(tx, actor.tenantId, customer.id, input);
  await recordAudit(tx, { ...auditBase(actor, customer.id), action: 'update', changes: input });
  return customerOr404(tx, actor.tenantId, phone);
}

/** Issue 3.6: a blocked customer is flagged on every order (SPEC 3 is_blocked, blocked_customer). */
export async function blockCustomer(tx: Tx, actor: TActor, phone: string, reason: string): Promise<TCustomer> {
  const customer = await customerOr404(tx, actor.tenantId, phone);
  const opened = await repo.openCustomerBlock(tx, actor.tenantId, {
    customerId: customer.id,
    reason,
    blockedBy: actor.userId,
  });
  if (!opened) throw new AppError('conflict', m('customer.already_blocked'));
  await recordAudit(tx, { ...auditBase(actor, customer.id), action: 'block', changes: { reason } });
  return customerOr404(tx, actor.tenantId, phone);
}

export async function unblockCustomer(tx: Tx, actor: TActor, phone: string, reason: string | null): Promise<TCustomer> {
  const customer = await customerOr404(tx, actor.tenantId, phone);
  const closed = await repo.closeCustomerBlock(tx, actor.tenantId, {
    customerId: customer.id,
    unblockedBy: actor.userId,
    reason,
  });
  if (!closed) throw new AppError('conflict', m('customer.not_blocked'));
  await recordAudit(tx, { ...auditBase(actor, customer.id), action: 'unblock', changes: { reason } });
  return customerOr404(tx, actor.tenantId, phone);
}

function auditBase(actor: TActor, id: number) {
  return { tenantId: actor.tenantId, userId: actor.userId, entity: 'customer', entityId: id, ip: actor.ip };
}
