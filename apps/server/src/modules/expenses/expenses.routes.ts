import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ZAdSpendImportQuery, ZExpenseInput } from '@cod/shared';
import { FILE_REFUSALS, fileLimits, fileRefused } from '../../files/file-limits.js';
import { actorOf } from '../../http/actor.js';
import { parse } from '../../lib/validate.js';
import { importAdSpend } from '../cash-boxes/ad-spend.service.js';
import type { TEntryFilesDeps } from '../cash-boxes/money-entry-attachments.service.js';
import { registerMoneyEntryRoutes } from '../cash-boxes/money-entry-routes.js';
import { readAdSpend } from './ad-spend-file.js';

/**
 * Issue 13.2: /dashboard/expenses (SPEC 2.2, slug expenses). The routes and rules are the money
 * entries' (cash-boxes module, decision 0071), for the 'expense' direction; ad spend is imported
 * from an ads manager's export (decision 0105).
 */
export function registerExpenseRoutes(app: FastifyInstance, deps: TEntryFilesDeps): void {
  registerMoneyEntryRoutes(app, deps, {
    direction: 'expense',
    path: '/dashboard/expenses',
    view: 'view expenses',
    manage: 'manage expenses',
    input: ZExpenseInput,
  });

  const { maxBytes } = fileLimits();
  void app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes + 1024 * 1024, files: 1, fields: 5, parts: 6 } });
    // The source, box and product in the query; the CSV/XLSX export as the body.
    scope.post('/dashboard/expenses/ad-spend', { config: { access: 'manage expenses' } }, async (request, reply) => {
      const query = parse(ZAdSpendImportQuery, request.query);
      const part = request.isMultipart() ? await request.file().catch(() => undefined) : undefined;
      if (!part?.filename) {
        part?.file.resume();
        throw fileRefused(FILE_REFUSALS.required);
      }
      const read = await readAdSpend({ source: part.file, fileName: part.filename });
      return reply.status(201).send(await importAdSpend(deps, actorOf(request), query, read, part.filename));
    });
  });
}
