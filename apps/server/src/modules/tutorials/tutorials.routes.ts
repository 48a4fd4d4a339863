import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { centralSessionOfRequest } from '../../http/access-guard.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { readUploadForm } from '../payments/payment-receipts.js';
import {
  centralTutorialFile,
  listCentralTutorials,
  listShopTutorials,
  MAX_TUTORIAL_FILE_BYTES,
  saveTutorial,
  setTutorialArchived,
  shopTutorialFile,
  tutorialFileTooLarge,
  type TTutorialDeps,
} from './tutorials.service.js';

const CENTRAL = { config: { access: 'central' as const } };

const formOf = async (request: FastifyRequest) =>
  request.isMultipart()
    ? readUploadForm(request, 'file', tutorialFileTooLarge)
    : { fields: request.body, upload: null };

/** A checked file, never sniffed, downloaded rather than rendered in our origin. */
function sendFile(reply: FastifyReply, file: { data: Buffer; type: string; name: string }) {
  return reply
    .header('content-type', file.type)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=300')
    .header('content-disposition', `attachment; filename="${encodeURIComponent(file.name)}"`)
    .send(file.data);
}

/**
 * Tutorials (issue 19.9, docs/decisions/0100): central administrators write them at
 * /central/tutorials (multipart in this scope only, with the file's own limits); every signed-in
 * shop user reads the visible ones.
 */
export async function registerTutorialRoutes(app: FastifyInstance, deps: TTutorialDeps): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_TUTORIAL_FILE_BYTES, files: 1, fields: 12, parts: 13 },
    });
    scope.post('/central/tutorials', CENTRAL, async (request, reply) => {
      const { fields, upload } = await formOf(request);
      return reply.status(201).send(await saveTutorial(deps, centralSessionOfRequest(request), null, fields, upload));
    });
    scope.put('/central/tutorials/:id', CENTRAL, async (request) => {
      const { id } = parse(ZIdParams, request.params);
      const { fields, upload } = await formOf(request);
      return saveTutorial(deps, centralSessionOfRequest(request), id, fields, upload);
    });
  });
  app.get('/central/tutorials', CENTRAL, () => listCentralTutorials(deps));
  app.post('/central/tutorials/:id/archive', CENTRAL, (request) =>
    setTutorialArchived(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, true),
  );
  app.post('/central/tutorials/:id/restore', CENTRAL, (request) =>
    setTutorialArchived(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, false),
  );
  app.get('/central/tutorials/:id/file', CENTRAL, async (request, reply) =>
    sendFile(reply, await centralTutorialFile(deps, parse(ZIdParams, request.params).id)),
  );

  // Shops: read only. The file is named by its random stored name, not by the tutorial's id.
  app.get('/dashboard/tutorials', { config: { access: 'authenticated' } }, (request) =>
    listShopTutorials(deps, request.query as Record<string, unknown>),
  );
  app.get('/dashboard/tutorials/files/:file', { config: { access: 'authenticated' } }, async (request, reply) =>
    sendFile(reply, await shopTutorialFile(deps, String((request.params as { file: string }).file))),
  );
}
