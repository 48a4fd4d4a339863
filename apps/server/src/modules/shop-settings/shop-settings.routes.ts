import { LOGO_MAX_BYTES, m } from '@cod/shared';
import type { FastifyInstance } from 'fastify';
import { sessionOfRequest } from '../../http/access-guard.js';
import { actorOf } from '../../http/actor.js';
import { registerPictureRoutes } from '../../http/file-upload.js';
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
  const tooLarge = m('shop_settings.logo_too_large', { max: LOGO_MAX_BYTES / 1024 / 1024 });
  await registerPictureRoutes(app, deps, {
    route: { path: '/dashboard/shop-settings/logo', access: 'manage settings' },
    upload: { field: 'logo', maxBytes: LOGO_MAX_BYTES, tooLarge },
    use: { set: service.setShopLogo, remove: service.removeShopLogo },
  });
}
