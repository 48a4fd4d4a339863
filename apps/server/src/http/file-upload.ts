import { m, type TFieldName, type TMessageToken, type TRouteAccess } from '@cod/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FILE_REFUSALS, fileRefused } from '../files/file-limits.js';
import { AppError } from '../lib/app-error.js';
import { actorOf, type TActor } from './actor.js';

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

/**
 * The one file part of a multipart request, left unread for the caller to stream. SPEC 5: a file is
 * required ('Please select a file to import'); a part without a file name counts as none.
 */
export async function requiredFilePart(request: FastifyRequest) {
  const missing = () => fileRefused(FILE_REFUSALS.required);
  if (!request.isMultipart()) throw missing();
  const part = await request.file().catch(() => undefined);
  if (!part || !part.filename) {
    part?.file.resume();
    throw missing();
  }
  return part;
}

/**
 * One picture of the user or the shop (the avatar, the logo): `DELETE path` removes it and
 * `POST path` replaces it with the one file of a multipart request of at most `maxBytes`, read
 * only when the use case asks for it (a file over the limit is `tooLarge` on `field`).
 */
export async function registerPictureRoutes<D>(
  app: FastifyInstance,
  deps: D,
  picture: {
    route: { path: string; access: TRouteAccess };
    upload: { field: TFieldName; maxBytes: number; tooLarge: TMessageToken };
    use: {
      set: (deps: D, actor: TActor, readUpload: () => Promise<Buffer>) => Promise<unknown>;
      remove: (deps: D, actor: TActor) => Promise<unknown>;
    };
  },
): Promise<void> {
  const { route, upload, use } = picture;
  const access = { config: { access: route.access } };
  app.delete(route.path, access, (request) => use.remove(deps, actorOf(request)));
  await registerUploadScope(app, upload.maxBytes, (scope) => {
    scope.post(route.path, access, (request) =>
      use.set(deps, actorOf(request), () => readUploadedFile(request, upload.field, upload.tooLarge)),
    );
  });
}
