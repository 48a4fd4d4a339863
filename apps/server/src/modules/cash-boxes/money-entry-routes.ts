import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  ZCategoryInput,
  ZEntryListQuery,
  type TEntryDirection,
  type TEntryInput,
  type TRouteAccess,
} from '@cod/shared';
import { writeXlsx } from '../../files/xlsx-writer.js';
import { actorOf } from '../../http/actor.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { entriesFileName, entriesSheet } from './entries-sheet.js';
import { registerEntryAttachmentRoutes } from './money-entry-attachment-routes.js';
import type { TEntryFilesDeps } from './money-entry-attachments.service.js';
import * as entries from './money-entries.service.js';

/** What tells the expenses routes from the income routes: the rest is one mechanism (decision 0071). */
export interface TMoneyEntryRoutes {
  direction: TEntryDirection;
  /** The collection, e.g. '/dashboard/expenses'. */
  path: string;
  view: TRouteAccess;
  manage: TRouteAccess;
  input: z.ZodType<TEntryInput>;
}

/**
 * Issue 13.2 and 13.3: list, export, categories, read, create, change and delete the entries of one
 * direction. The use cases are the money entries' (money-entries.service.ts), given the direction.
 */
export function registerMoneyEntryRoutes(app: FastifyInstance, deps: TEntryFilesDeps, routes: TMoneyEntryRoutes): void {
  const { direction, path, view, manage, input } = routes;
  registerEntryAttachmentRoutes(app, deps, routes);

  app.get(path, { config: { access: view } }, async (request) => {
    const { tenantId } = actorOf(request);
    return entries.listMoneyEntries(deps, tenantId, direction, parse(ZEntryListQuery, request.query));
  });

  app.get(`${path}/export`, { config: { access: view } }, async (request, reply) => {
    const { tenantId } = actorOf(request);
    const query = parse(ZEntryListQuery, request.query);
    const stream = new PassThrough();
    const rows = entries.exportMoneyEntries(deps, tenantId, direction, query);
    writeXlsx({ stream, sheets: [entriesSheet(direction, rows)] }).catch((error: unknown) =>
      stream.destroy(error as Error),
    );
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${entriesFileName(direction)}"`)
      .header('access-control-expose-headers', 'content-disposition')
      .send(stream);
  });

  app.get(`${path}/categories`, { config: { access: view } }, async (request) => {
    const { tenantId } = actorOf(request);
    return { data: await entries.listMoneyCategories(deps, tenantId, direction) };
  });

  app.post(`${path}/categories`, { config: { access: manage } }, async (request, reply) => {
    const { name } = parse(ZCategoryInput, request.body);
    return reply.status(201).send(await entries.addMoneyCategory(deps, actorOf(request), direction, name));
  });

  app.get(`${path}/:id`, { config: { access: view } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return entries.getMoneyEntry(deps, tenantId, direction, id);
  });

  app.post(path, { config: { access: manage } }, async (request, reply) => {
    const created = await entries.createMoneyEntry(deps, actorOf(request), direction, parse(input, request.body));
    return reply.status(201).send(created);
  });

  app.put(`${path}/:id`, { config: { access: manage } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return entries.updateMoneyEntry(deps, actorOf(request), direction, id, parse(input, request.body));
  });

  app.delete(`${path}/:id`, { config: { access: manage } }, async (request) => {
    const { id } = parse(ZIdParams, request.params);
    return entries.deleteMoneyEntry(deps, actorOf(request), direction, id);
  });
}
