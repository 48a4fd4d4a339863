import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ZCategoryInput, ZEntryListQuery, ZIncomeInput } from '@cod/shared';
import { writeXlsx } from '../../files/xlsx-writer.js';
import { actorOf } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { entriesFileName, entriesSheet } from '../cash-boxes/entries-sheet.js';
import * as service from './incomes.service.js';

/** Issue 13.3: /dashboard/incomes (SPEC 2.2, slug income). */
export function registerIncomeRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.get('/dashboard/incomes', { config: { access: 'view income' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return service.listIncomes(deps, tenantId, parse(ZEntryListQuery, request.query));
  });

  app.get('/dashboard/incomes/export', { config: { access: 'view income' } }, async (request, reply) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZEntryListQuery, request.query);
    const stream = new PassThrough();
    writeXlsx({ stream, sheets: [entriesSheet('income', service.exportIncomes(deps, tenantId, query))] }).catch(
      (error: unknown) => stream.destroy(error as Error),
    );
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${entriesFileName('income')}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(stream);
  });

  app.get('/dashboard/incomes/categories', { config: { access: 'view income' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return { data: await service.listIncomeCategories(deps, tenantId) };
  });

  app.post('/dashboard/incomes/categories', { config: { access: 'manage income' } }, async (request, reply) => {
    const { name } = parse(ZCategoryInput, request.body);
    return reply.status(201).send(await service.addIncomeCategory(deps, actorOf(request), name));
  });

  app.get('/dashboard/incomes/:id', { config: { access: 'view income' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getIncome(deps, tenantId, id);
  });

  app.post('/dashboard/incomes', { config: { access: 'manage income' } }, async (request, reply) => {
    const income = await service.createIncome(deps, actorOf(request), parse(ZIncomeInput, request.body));
    return reply.status(201).send(income);
  });

  app.put('/dashboard/incomes/:id', { config: { access: 'manage income' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.updateIncome(deps, actorOf(request), id, parse(ZIncomeInput, request.body));
  });

  app.delete('/dashboard/incomes/:id', { config: { access: 'manage income' } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return service.deleteIncome(deps, actorOf(request), id);
  });
}
