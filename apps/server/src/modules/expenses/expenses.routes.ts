import type { FastifyInstance } from 'fastify';
import { ZExpenseInput } from '@cod/shared';
import type { TAppDeps } from '../../http/app-deps.js';
import { registerMoneyEntryRoutes } from '../cash-boxes/money-entry-routes.js';

/**
 * Issue 13.2: /dashboard/expenses (SPEC 2.2, slug expenses). The routes and rules are the money
 * entries' (cash-boxes module, decision 0071), for the 'expense' direction.
 */
export function registerExpenseRoutes(app: FastifyInstance, deps: TAppDeps): void {
  registerMoneyEntryRoutes(app, deps, {
    direction: 'expense',
    path: '/dashboard/expenses',
    view: 'view expenses',
    manage: 'manage expenses',
    input: ZExpenseInput,
  });
}
