import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requiredFilePart } from '../../http/file-upload.js';
import { parseSandbox } from '../../files/parse-sandbox.js';
import { sessionOfRequest } from '../../http/access-guard.js';
import { parse } from '../../lib/validate.js';
import { cancelImport } from './cancel-import.js';
import { downloadImportTemplate } from './download-import-template.js';
import { getImportProgress } from './get-import-progress.js';
import { getImportResults } from './get-import-results.js';
import type { TImportDeps } from './imports.deps.js';
import { removeOrphanUploads } from './orphan-uploads.js';
import { startImport } from './start-import.js';

const ZBatchParams = z.object({ batchId: z.coerce.number().int().positive().max(2_147_483_647) });

/** Issue 6: SPEC 7's import calls and the template download. Each calls one use case. */
export async function registerImportRoutes(app: FastifyInstance, deps: TImportDeps): Promise<void> {
  const { config } = deps;
  const maxBytes = config.IMPORT_MAX_UPLOAD_MB * 1024 * 1024;
  const directory = path.join(config.dataDir, 'imports');
  // Uploads a previous process left behind when it died mid-check: no batch will ever remove them.
  app.addHook('onReady', async () => {
    await removeOrphanUploads(deps.db, directory).catch((error: unknown) =>
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
      const part = await requiredFilePart(request);
      return startImport({
        db: deps.db,
        tenantId: session.tenantId,
        userId: session.userId,
        upload: { source: part.file, fileName: part.filename },
        directory,
        limits: { maxBytes },
      });
    });
  });

  const batchOf = (request: FastifyRequest) => {
    const { tenantId } = sessionOfRequest(request);
    const { batchId } = parse(ZBatchParams, request.params);
    return [tenantId, batchId] as const;
  };
  const access = { config: { access: 'import orders' } } as const;

  app.get('/dashboard/orders/import/:batchId/progress', access, (request) =>
    getImportProgress(deps, ...batchOf(request)),
  );
  app.get('/dashboard/orders/import/:batchId/results', access, (request) =>
    getImportResults(deps, ...batchOf(request)),
  );
  app.post('/dashboard/orders/import/:batchId/cancel', access, (request) => cancelImport(deps, ...batchOf(request)));

  app.get('/dashboard/orders/template/download', access, async (request, reply) => {
    const stream = await downloadImportTemplate(deps, sessionOfRequest(request));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="orders_import_template.xlsx"')
      .send(stream);
  });
}
