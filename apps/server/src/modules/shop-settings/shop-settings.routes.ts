import { LOGO_MAX_BYTES, m } from '@cod/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import { readUploadedFile, registerUploadScope } from '../../http/file-upload.js';
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
  const tooLarge = m('shop_settings.logo_too_large', { max: LOGO_MAX_BYTES / 1024 / 1024 });
  await registerUploadScope(app, LOGO_MAX_BYTES, (scope) => {
    scope.post('/dashboard/shop-settings/logo', { config: { access: 'manage settings' } }, (request) =>
      service.setShopLogo(deps, actorOf(request), () => readUploadedFile(request, 'logo', tooLarge)),
    );
  });
}
