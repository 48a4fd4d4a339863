import { m, type TFieldName, type TMessageToken } from '@cod/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * Multipart parsing for the routes `routes` registers, in their own scope with one file of at most
 * `maxBytes` (docs/decisions/0012): other scopes keep their own limits.
 */
export async function registerUploadScope(
  app: FastifyInstance,
  maxBytes: number,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
    routes(scope);
  });
}

/**
 * The bytes of the one file of a multipart request. A missing file is `validation.required` on `field`;
 * a file over the scope's limit is `tooLarge` on `field`.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  field: TFieldName,
  tooLarge: TMessageToken,
): Promise<Buffer> {
  const missing = () => AppError.validation({ [field]: [m('validation.required', { field })] });
  if (!request.isMultipart()) throw missing();
  const part = await request.file().catch(() => undefined);
  if (!part) throw missing();
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw AppError.validation({ [field]: [tooLarge] });
    throw error;
  }
}
