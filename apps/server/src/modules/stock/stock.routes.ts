import type { FastifyInstance } from 'fastify';
import { ZProductListQuery, ZPurchaseInput, ZStockAdjustmentInput, ZStockMovementListQuery } from '@cod/shared';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { parse } from '../../lib/validate.js';
import * as service from './stock-entries.service.js';

/** Issue 3.4: /dashboard/stock. Levels and movements need 'view stock'; entries 'manage stock'. */
export function registerStockRoutes(app: FastifyInstance, deps: TAppDeps): void {
  // Stock levels are the product list seen from the warehouse: on hand, reserved, available.
  app.get('/dashboard/stock', { config: { access: 'view stock' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listStockLevels(deps, tenantId, parse(ZProductListQuery, request.query));
  });

  app.get('/dashboard/stock/movements', { config: { access: 'view stock' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listStockMovements(deps, tenantId, parse(ZStockMovementListQuery, request.query));
  });

  // An adjustment can take a product under its threshold: its transaction publishes the alert.
  app.post('/dashboard/stock/adjustments', { config: { access: 'manage stock' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZStockAdjustmentInput, request.body);
    const movement = await service.recordAdjustment(deps, actor, input);
    return reply.status(201).send(movement);
  });

  app.post('/dashboard/stock/purchases', { config: { access: 'manage stock' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZPurchaseInput, request.body);
    const purchase = await service.recordPurchase(deps, actor, input);
    return reply.status(201).send(purchase);
  });
}
