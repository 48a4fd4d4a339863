import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ZCategoryInput, ZEntryListQuery, ZExpenseInput } from '@cod/shared';
import { writeXlsx } from '../../files/xlsx-writer.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { entriesFileName, entriesSheet } from '../cash-boxes/entries-sheet.js';
import * as service from './expenses.service.js';

/** Issue 13.2: /dashboard/expenses (SPEC 2.2, slug expenses). */
export function registerExpenseRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/expenses', { config: { access: 'view expenses' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listExpenses(deps, tenantId, parse(ZEntryListQuery, request.query));
  });

  app.get('/dashboard/expenses/export', { config: { access: 'view expenses' } }, async (request, reply) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZEntryListQuery, request.query);
    const stream = new PassThrough();
    writeXlsx({ stream, sheets: [entriesSheet('expense', service.exportExpenses(deps, tenantId, query))] }).catch(
      (error: unknown) => stream.destroy(error as Error),
    );
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${entriesFileName('expense')}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(stream);
  });

  app.get('/dashboard/expenses/categories', { config: { access: 'view expenses' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return { data: await service.listExpenseCategories(deps, tenantId) };
  });

  app.post('/dashboard/expenses/categories', { config: { access: 'manage expenses' } }, async (request, reply) => {
    const { name } = parse(ZCategoryInput, request.body);
    return reply.status(201).send(await service.addExpenseCategory(deps, actorOf(request), name));
  });

  app.get('/dashboard/expenses/:id', { config: { access: 'view expenses' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getExpense(deps, tenantId, id);
  });

  app.post('/dashboard/expenses', { config: { access: 'manage expenses' } }, async (request, reply) => {
    const expense = await service.createExpense(deps, actorOf(request), parse(ZExpenseInput, request.body));
    return reply.status(201).send(expense);
  });

  app.put('/dashboard/expenses/:id', { config: { access: 'manage expenses' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.updateExpense(deps, actorOf(request), id, parse(ZExpenseInput, request.body));
  });

  app.delete('/dashboard/expenses/:id', { config: { access: 'manage expenses' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.deleteExpense(deps, actorOf(request), id);
  });
}
