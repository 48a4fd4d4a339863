import type { FastifyInstance } from 'fastify';
import { ZIncomeInput } from '@cod/shared';
import type { TEntryFilesDeps } from '../cash-boxes/money-entry-attachments.service.js';
import { registerMoneyEntryRoutes } from '../cash-boxes/money-entry-routes.js';

/**
 * Issue 13.3: /dashboard/incomes (SPEC 2.2, slug income). The routes and rules are the money
 * entries' (cash-boxes module, decision 0071), for the 'income' direction.
 */
export function registerIncomeRoutes(app: FastifyInstance, deps: TEntryFilesDeps): void {
  registerMoneyEntryRoutes(app, deps, {
    direction: 'income',
    path: '/dashboard/incomes',
    view: 'view income',
    manage: 'manage income',
    input: ZIncomeInput,
  });
}
