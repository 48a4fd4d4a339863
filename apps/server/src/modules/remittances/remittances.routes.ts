import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  ZOwedQuery,
  ZRemittanceFetch,
  ZRemittanceInput,
  ZRemittanceListQuery,
  ZRemittanceUploadQuery,
} from '@cod/shared';
import { fileLimits } from '../../files/file-limits.js';
import { requiredFilePart } from '../../http/file-upload.js';
import { actorOf } from '../../http/actor.js';
import { readHandler } from '../../http/resource-routes.js';
import type { TShippingCompaniesDeps } from '../shipping-companies/shipping-companies.deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { fetchRemittance } from './fetch-remittance.js';
import * as service from './remittances.service.js';
import { readStatement } from './statement-file.js';

/** Issue 13.4: carrier COD remittances and the cash each carrier still holds. */
export async function registerRemittanceRoutes(app: FastifyInstance, deps: TShippingCompaniesDeps): Promise<void> {
  app.get('/dashboard/remittances/carriers', { config: { access: 'view cases' } }, async (request) => {
    const { tenantId } = actorOf(request);
    return { data: await service.listCarrierCash(deps, tenantId) };
  });

  app.get(
    '/dashboard/remittances/owed',
    { config: { access: 'view cases' } },
    readHandler(deps, ZOwedQuery, service.listOwedParcels),
  );
  app.get(
    '/dashboard/remittances',
    { config: { access: 'view cases' } },
    readHandler(deps, ZRemittanceListQuery, service.listRemittances),
  );

  app.get('/dashboard/remittances/:id', { config: { access: 'view cases' } }, async (request) => {
    const { tenantId } = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.getRemittance(deps, tenantId, id);
  });

  // By hand: the parcels picked with what was paid for each.
  app.post('/dashboard/remittances', { config: { access: 'manage cases' } }, async (request, reply) => {
    const { lines, ...header } = parse(ZRemittanceInput, request.body);
    return reply.status(201).send(await service.recordRemittance(deps, actorOf(request), header, lines));
  });

  // "Fetch from carrier" (decision 0113): the carrier's payment statement through its adapter.
  app.post('/dashboard/remittances/fetch', { config: { access: 'manage cases' } }, async (request, reply) => {
    const header = parse(ZRemittanceFetch, request.body);
    return reply.status(201).send(await fetchRemittance(deps, actorOf(request), header, request.log));
  });

  const { maxBytes } = fileLimits();
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes + 1024 * 1024, files: 1, fields: 5, parts: 6 } });
    // The carrier's statement: the header in the query, the CSV/XLSX as the body.
    scope.post('/dashboard/remittances/statement', { config: { access: 'manage cases' } }, async (request, reply) => {
      const query = parse(ZRemittanceUploadQuery, request.query);
      const part = await requiredFilePart(request);
      const lines = await readStatement({ source: part.file, fileName: part.filename });
      const header = { ...query, reference: query.reference || null };
      return reply
        .status(201)
        .send(await service.recordRemittance(deps, actorOf(request), header, lines, part.filename));
    });
  });
}
