import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ZAlgerianPhone,
  ZBlockCustomerRequest,
  ZCustomerInput,
  ZCustomerListQuery,
  ZCustomerUpdate,
  ZUnblockCustomerRequest,
} from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { parse } from '../../lib/validate.js';
import { orderActorOf, scopeOf } from '../orders/order-access.js';
import { actorOf } from '../products/actor.js';
import { customerCustomFieldValues, customerOrderSummary } from './customer-history.repository.js';
import * as repo from './customers.repository.js';
import * as service from './customers.service.js';

// Any written form of the number works in the path; an invalid one is a 422 on `phone`.
const ZPhoneParams = z.object({ phone: ZAlgerianPhone });

/** Issue 3.6: /dashboard/customers, identified by normalised Algerian phone. */
export function registerCustomerRoutes(app: FastifyInstance, db: Db): void {
  app.get('/dashboard/customers', { config: { access: 'view customers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZCustomerListQuery, request.query);
    return withTenant(db, tenantId, (tx) =>
      repo.listCustomers(tx, tenantId, { ...query, page: query.page, perPage: query.per_page }),
    );
  });

  app.post('/dashboard/customers', { config: { access: 'manage customers' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZCustomerInput, request.body);
    const customer = await withTenant(db, actor.tenantId, (tx) => service.createCustomer(tx, actor, input));
    return reply.status(201).send(customer);
  });

  app.get('/dashboard/customers/:phone', { config: { access: 'view customers' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    return withTenant(db, tenantId, async (tx) => {
      const customer = await service.customerOr404(tx, tenantId, phone);
      return { ...customer, blocks: await repo.listCustomerBlocks(tx, tenantId, customer.id) };
    });
  });

  app.put('/dashboard/customers/:phone', { config: { access: 'manage customers' } }, async (request) => {
    const actor = actorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    const input = parse(ZCustomerUpdate, request.body);
    return withTenant(db, actor.tenantId, (tx) => service.updateCustomer(tx, actor, phone, input));
  });

  // SPEC 3 customer summary; also the block flag, which the customer dialog shows beside it.
  // Orders show only within the user's order scope (docs/decisions/0040).
  app.get('/dashboard/customers/:phone/history', { config: { access: 'view customers' } }, async (request) => {
    const actor = orderActorOf(request);
    const { tenantId } = actor;
    const { phone } = parse(ZPhoneParams, request.params);
    return withTenant(db, tenantId, async (tx) => {
      const customer = await service.customerOr404(tx, tenantId, phone);
      const summary = await customerOrderSummary(tx, await scopeOf(tx, actor), customer.id);
      return { ...summary, is_blocked: customer.is_blocked, blocked_customer: customer.blocked_customer };
    });
  });

  app.get('/dashboard/customers/:phone/custom-fields', { config: { access: 'view customers' } }, async (request) => {
    const actor = orderActorOf(request);
    const { tenantId } = actor;
    const { phone } = parse(ZPhoneParams, request.params);
    return withTenant(db, tenantId, async (tx) => {
      const customer = await service.customerOr404(tx, tenantId, phone);
      return { custom_fields: await customerCustomFieldValues(tx, await scopeOf(tx, actor), customer.id) };
    });
  });

  app.post('/dashboard/customers/:phone/block', { config: { access: 'manage customers' } }, async (request) => {
    const actor = actorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    const { reason } = parse(ZBlockCustomerRequest, request.body);
    return withTenant(db, actor.tenantId, (tx) => service.blockCustomer(tx, actor, phone, reason));
  });

  app.post('/dashboard/customers/:phone/unblock', { config: { access: 'manage customers' } }, async (request) => {
    const actor = actorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    const { reason } = parse(ZUnblockCustomerRequest, request.body);
    return withTenant(db, actor.tenantId, (tx) => service.unblockCustomer(tx, actor, phone, reason));
  });
}
