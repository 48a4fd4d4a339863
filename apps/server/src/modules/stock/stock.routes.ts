import type { FastifyInstance } from 'fastify';
import { ZProductListQuery, ZPurchaseInput, ZStockAdjustmentInput, ZStockMovementListQuery } from '@cod/shared';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { parse } from '../../lib/validate.js';
import { actorOf } from '../products/actor.js';
import { listProducts } from '../products/products.repository.js';
import { adjustStock, recordPurchase } from './stock-entries.service.js';
import { listMovements } from './stock.repository.js';

/** Issue 3.4: /dashboard/stock. Levels and movements need 'view stock'; entries 'manage stock'. */
export function registerStockRoutes(app: FastifyInstance, db: Db): void {
  // Stock levels are the product list seen from the warehouse: on hand, reserved, available.
  app.get('/dashboard/stock', { config: { access: 'view stock' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZProductListQuery, request.query);
    return withTenant(db, tenantId, (tx) =>
      listProducts(tx, tenantId, { ...query, page: query.page, perPage: query.per_page }),
    );
  });

  app.get('/dashboard/stock/movements', { config: { access: 'view stock' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZStockMovementListQuery, request.query);
    return withTenant(db, tenantId, (tx) => listMovements(tx, tenantId, query));
  });

  // An adjustment can take a product under its threshold: its transaction publishes the alert.
  app.post('/dashboard/stock/adjustments', { config: { access: 'manage stock' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZStockAdjustmentInput, request.body);
    const movement = await withTenantEvents(db, actor.tenantId, (tx) => adjustStock(tx, actor, input));
    return reply.status(201).send(movement);
  });

  app.post('/dashboard/stock/purchases', { config: { access: 'manage stock' } }, async (request, reply) => {
    const actor = actorOf(request);
    const input = parse(ZPurchaseInput, request.body);
    const purchase = await withTenant(db, actor.tenantId, (tx) => recordPurchase(tx, actor, input));
    return reply.status(201).send(purchase);
  });
}
