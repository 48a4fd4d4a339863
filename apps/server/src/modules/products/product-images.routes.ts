import { m } from '@cod/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../http/actor.js';
import { readUploadedFile, registerUploadScope } from '../../http/file-upload.js';
import { AppError } from '../../lib/app-error.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { IMAGE_KEY, MAX_IMAGE_BYTES } from './product-images.js';
import * as service from './products.service.js';

const ZFileParams = z.object({ tenant: z.coerce.number().int().positive(), file: z.string().regex(IMAGE_KEY) });

/**
 * Product pictures (docs/decisions/0012). Multipart parsing is registered in this scope only, so
 * other modules (the orders import) register their own limits.
 */
export async function registerProductImageRoutes(app: FastifyInstance, deps: service.TProductDeps): Promise<void> {
  const tooLarge = m('product.image_too_large', { max: MAX_IMAGE_BYTES / 1024 / 1024 });
  await registerUploadScope(app, MAX_IMAGE_BYTES, (scope) => {
    scope.post('/dashboard/products/:id/image', { config: { access: 'manage products' } }, async (request) => {
      const actor = actorOf(request);
      const { id } = parse(ZIdParams, request.params);
      return service.setProductImage(deps, actor, id, () => readUploadedFile(request, 'image', tooLarge));
    });
  });

  app.delete('/dashboard/products/:id/image', { config: { access: 'manage products' } }, async (request) => {
    const actor = actorOf(request);
    const { id } = parse(ZIdParams, request.params);
    return service.removeProductImage(deps, actor, id);
  });

  // Public by design: an <img> cannot carry the bearer token; the 128-bit random name is the key.
  app.get('/uploads/:tenant/:file', { config: { access: 'public' } }, async (request, reply) => {
    const params = ZFileParams.safeParse(request.params);
    const data = params.success ? await service.readProductImage(deps, params.data.tenant, params.data.file) : null;
    if (!data) throw AppError.notFound('File');
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(data);
  });
}
