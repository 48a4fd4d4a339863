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
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { createHandler, readHandler } from '../../http/resource-routes.js';
import { parse } from '../../lib/validate.js';
import { orderActorOf } from '../orders/order-access.js';
import * as service from './customers.service.js';

// Any written form of the number works in the path; an invalid one is a 422 on `phone`.
const ZPhoneParams = z.object({ phone: ZAlgerianPhone });

/** Issue 3.6: /dashboard/customers, identified by normalised Algerian phone. */
export function registerCustomerRoutes(app: FastifyInstance, deps: TAppDeps): void {
  const view = { config: { access: 'view customers' as const } };
  const manage = { config: { access: 'manage customers' as const } };
  app.get('/dashboard/customers', view, readHandler(deps, ZCustomerListQuery, service.listCustomers));
  app.post('/dashboard/customers', manage, createHandler(deps, ZCustomerInput, service.createCustomer));

  app.get('/dashboard/customers/:phone', view, async (request) => {
    const { tenantId } = actorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    return service.getCustomer(deps, tenantId, phone);
  });

  app.put('/dashboard/customers/:phone', manage, async (request) => {
    const actor = actorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    const input = parse(ZCustomerUpdate, request.body);
    return service.updateCustomer(deps, actor, phone, input);
  });

  // SPEC 3 customer summary; also the block flag, which the customer dialog shows beside it.
  // Orders show only within the user's order scope (docs/decisions/0040).
  app.get('/dashboard/customers/:phone/history', view, async (request) => {
    const actor = orderActorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    return service.customerHistory(deps, actor, phone);
  });

  app.get('/dashboard/customers/:phone/custom-fields', view, async (request) => {
    const actor = orderActorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    return service.customerCustomFields(deps, actor, phone);
  });

  app.post('/dashboard/customers/:phone/block', manage, async (request) => {
    const actor = actorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    const { reason } = parse(ZBlockCustomerRequest, request.body);
    return service.blockCustomer(deps, actor, phone, reason);
  });

  app.post('/dashboard/customers/:phone/unblock', manage, async (request) => {
    const actor = actorOf(request);
    const { phone } = parse(ZPhoneParams, request.params);
    const { reason } = parse(ZUnblockCustomerRequest, request.body);
    return service.unblockCustomer(deps, actor, phone, reason);
  });
}
