import path from 'node:path';
import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { FILE_REFUSALS, fileRefused } from '../../files/file-limits.js';
import { parseSandbox } from '../../files/parse-sandbox.js';
import { listTemplateCommunes } from '../../files/import-template.repository.js';
import { writeImportTemplate } from '../../files/import-template.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { AppError } from '../../lib/app-error.js';
import { parse } from '../../lib/validate.js';
import * as repo from './imports.repository.js';
import { removeOrphanUploads } from './orphan-uploads.js';
import { startImport } from './start-import.js';

const ZBatchParams = z.object({ batchId: z.coerce.number().int().positive().max(2_147_483_647) });
/** SPEC 8 lists the first 10 row errors; the results carry enough for any screen, never unbounded. */
const MAX_LISTED_ERRORS = 1000;

/** Issue 6: SPEC 7's import calls and the template download. */
export async function registerImportRoutes(app: FastifyInstance, db: Db, config: TConfig): Promise<void> {
  const maxBytes = config.IMPORT_MAX_UPLOAD_MB * 1024 * 1024;
  const directory = path.join(config.dataDir, 'imports');
  // Uploads a previous process left behind when it died mid-check: no batch will ever remove them.
  app.addHook('onReady', async () => {
    await removeOrphanUploads(db, directory).catch((error: unknown) =>
      app.log.warn({ err: error }, 'removing orphan import uploads failed'),
    );
  });
  // A parse thread ready for the first upload (docs/decisions/0036). Booted once listening: it
  // loads ExcelJS through tsx, and during start-up that would slow the server's own loading by ~1 s.
  app.addHook('onListen', async () => parseSandbox.warm());

  await app.register(async (scope) => {
    // The upload guard counts the bytes itself and answers the size refusal; multipart's own cap
    // sits above it so the guard's clear message is the one a seller sees.
    await scope.register(multipart, { limits: { fileSize: maxBytes + 1024 * 1024, files: 1, fields: 5, parts: 6 } });
    scope.post('/dashboard/orders/import', { config: { access: 'import orders' } }, async (request) => {
      const session = sessionOfRequest(request);
      const part = await fileOf(request);
      return startImport({
        db,
        tenantId: session.tenantId,
        userId: session.userId,
        upload: { source: part.file, fileName: part.filename },
        directory,
        limits: { maxBytes },
      });
    });
  });

  const batchOf = async (request: FastifyRequest) => {
    const { tenantId } = sessionOfRequest(request);
    const { batchId } = parse(ZBatchParams, request.params);
    return { tenantId, batchId };
  };

  app.get('/dashboard/orders/import/:batchId/progress', { config: { access: 'import orders' } }, async (request) => {
    const { tenantId, batchId } = await batchOf(request);
    const batch = await withTenant(db, tenantId, (tx) => repo.findBatch(tx, tenantId, batchId));
    if (!batch) throw AppError.notFound('Import');
    return { success: true, batch };
  });

  app.get('/dashboard/orders/import/:batchId/results', { config: { access: 'import orders' } }, async (request) => {
    const { tenantId, batchId } = await batchOf(request);
    return withTenant(db, tenantId, async (tx) => {
      const batch = await repo.findBatch(tx, tenantId, batchId);
      if (!batch) throw AppError.notFound('Import');
      const { errors, total } = await repo.listErrors(tx, tenantId, batchId, MAX_LISTED_ERRORS);
      return { success: true, batch, errors, total_errors: total };
    });
  });

  // SPEC 4: cancel stops the job between chunks; what was committed stays.
  app.post('/dashboard/orders/import/:batchId/cancel', { config: { access: 'import orders' } }, async (request) => {
    const { tenantId, batchId } = await batchOf(request);
    return withTenant(db, tenantId, async (tx) => {
      const cancelled = await repo.cancelBatch(tx, tenantId, batchId);
      const batch = await repo.findBatch(tx, tenantId, batchId);
      if (!batch) throw AppError.notFound('Import');
      return { success: true, cancelled, batch };
    });
  });

  // SPEC 2.4: the template, with the shop's products and SKUs and the valid wilayas/communes.
  app.get('/dashboard/orders/template/download', { config: { access: 'import orders' } }, async (request, reply) => {
    const { tenantId, userId } = sessionOfRequest(request);
    const { communes, products, customFields } = await withTenant(db, tenantId, async (tx) => ({
      communes: await listTemplateCommunes(tx),
      ...(await repo.templateProducts(tx, tenantId, userId)),
    }));
    const stream = new PassThrough();
    writeImportTemplate({
      stream,
      communes,
      products,
      extraColumns: customFields.map((label) => ({
        header: label,
        required: false,
        help: 'Custom field of a product.',
      })),
    }).catch((error: unknown) => stream.destroy(error as Error));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="orders_import_template.xlsx"')
      .send(stream);
  });
}

async function fileOf(request: FastifyRequest) {
  // SPEC 5: a file is required ('Please select a file to import').
  const missing = () => fileRefused(FILE_REFUSALS.required);
  if (!request.isMultipart()) throw missing();
  const part = await request.file().catch(() => undefined);
  if (!part || !part.filename) {
    part?.file.resume();
    throw missing();
  }
  return part;
}
