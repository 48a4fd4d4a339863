import { LOGO_MAX_BYTES, m } from '@cod/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import { AppError } from '../../lib/app-error.js';
import * as service from './shop-settings.service.js';

/**
 * Issue 18.5: the shop's settings (docs/decisions/0060). Reading needs 'view shop-settings',
 * changing 'manage settings'; both are the Owner's in a new shop.
 */
export async function registerShopSettingsRoutes(app: FastifyInstance, deps: service.TShopSettingsDeps): Promise<void> {
  app.get('/dashboard/shop-settings', { config: { access: 'view shop-settings' } }, (request) =>
    service.readShopSettings(deps, sessionOfRequest(request).tenantId),
  );
  app.put('/dashboard/shop-settings', { config: { access: 'manage settings' } }, (request) =>
    service.updateShopSettings(deps, actorOf(request), request.body),
  );
  app.delete('/dashboard/shop-settings/logo', { config: { access: 'manage settings' } }, (request) =>
    service.removeShopLogo(deps, actorOf(request)),
  );
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 } });
    scope.post('/dashboard/shop-settings/logo', { config: { access: 'manage settings' } }, (request) =>
      service.setShopLogo(deps, actorOf(request), () => readLogo(request)),
    );
  });
}

async function readLogo(request: FastifyRequest): Promise<Buffer> {
  const missing = () => AppError.validation({ logo: [m('validation.required', { field: 'logo' })] });
  if (!request.isMultipart()) throw missing();
  const part = await request.file().catch(() => undefined);
  if (!part) throw missing();
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw AppError.validation({ logo: [m('shop_settings.logo_too_large', { max: LOGO_MAX_BYTES / 1024 / 1024 })] });
    }
    throw error;
  }
}
