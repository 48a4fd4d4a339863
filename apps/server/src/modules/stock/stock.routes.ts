import type { FastifyInstance } from 'fastify';
import { ZProductListQuery, ZPurchaseInput, ZStockAdjustmentInput, ZStockMovementListQuery } from '@cod/shared';
import type { TAppDeps } from '../../http/app-deps.js';
import { createHandler, readHandler } from '../../http/resource-routes.js';
import * as service from './stock-entries.service.js';

/** Issue 3.4: /dashboard/stock. Levels and movements need 'view stock'; entries 'manage stock'. */
export function registerStockRoutes(app: FastifyInstance, deps: TAppDeps): void {
  const view = { config: { access: 'view stock' as const } };
  const manage = { config: { access: 'manage stock' as const } };
  // Stock levels are the product list seen from the warehouse: on hand, reserved, available.
  app.get('/dashboard/stock', view, readHandler(deps, ZProductListQuery, service.listStockLevels));
  app.get('/dashboard/stock/movements', view, readHandler(deps, ZStockMovementListQuery, service.listStockMovements));
  // An adjustment can take a product under its threshold: its transaction publishes the alert.
  app.post(
    '/dashboard/stock/adjustments',
    manage,
    createHandler(deps, ZStockAdjustmentInput, service.recordAdjustment),
  );
  app.post('/dashboard/stock/purchases', manage, createHandler(deps, ZPurchaseInput, service.recordPurchase));
}
