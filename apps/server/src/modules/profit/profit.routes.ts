import type { FastifyInstance } from 'fastify';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { orderActorOf } from '../orders/order-access.js';
import * as service from './profit.service.js';

/**
 * Issue 13.6: an order's profit. Costs are seen with 'view products' (the permission that shows
 * cost prices), and the order must be one the user may see.
 */
export function registerProfitRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/orders/:id/profit', { config: { access: 'view products' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.getOrderProfit(deps, orderActorOf(request), id);
  });
}
