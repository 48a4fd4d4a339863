import type { FastifyInstance } from 'fastify';
import { centralSessionOfRequest } from '../../http/access-guard.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { ZIdParams } from '../../lib/id-params.js';
import { parse } from '../../lib/validate.js';
import { getCentralSettings, saveCentralSettings, supportWhatsAppOf } from './central-admin.service.js';
import { centralLogin, centralLogout } from './central-auth.service.js';
import { centralDashboard } from './central-dashboard.service.js';
import {
  changeTenantPlan,
  createShop,
  extendTenant,
  listTenants,
  reactivateTenant,
  showTenant,
  suspendTenant,
} from './central-tenants.service.js';

const CENTRAL = { config: { access: 'central' as const } };

/** The central realm: sign-in, tenants and the central settings (issue 19). */
export function registerCentralRoutes(app: FastifyInstance, deps: TAppDeps): void {
  app.post('/central/login', { config: { access: 'public' } }, (request) =>
    centralLogin(deps, request.body, request.ip),
  );

  app.post('/central/logout', CENTRAL, async (request, reply) => {
    await centralLogout(deps, centralSessionOfRequest(request));
    return reply.status(204).send();
  });

  app.get('/central/me', CENTRAL, (request) => {
    const { id, name, email } = centralSessionOfRequest(request);
    return { adminData: { id, name, email } };
  });

  app.get('/central/dashboard', CENTRAL, () => centralDashboard(deps));
  app.get('/central/tenants', CENTRAL, (request) => listTenants(deps, request.query as Record<string, unknown>));
  app.post('/central/tenants', CENTRAL, async (request, reply) =>
    reply.status(201).send(await createShop(deps, centralSessionOfRequest(request), request.body)),
  );
  app.get('/central/tenants/:id', CENTRAL, (request) => showTenant(deps, parse(ZIdParams, request.params).id));
  app.post('/central/tenants/:id/suspend', CENTRAL, (request) =>
    suspendTenant(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, request.body ?? {}),
  );
  app.post('/central/tenants/:id/reactivate', CENTRAL, (request) =>
    reactivateTenant(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id),
  );
  app.post('/central/tenants/:id/plan', CENTRAL, (request) =>
    changeTenantPlan(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, request.body),
  );
  app.post('/central/tenants/:id/extend', CENTRAL, (request) =>
    extendTenant(deps, centralSessionOfRequest(request), parse(ZIdParams, request.params).id, request.body),
  );

  app.get('/central/settings', CENTRAL, () => getCentralSettings(deps).then((data) => ({ data })));
  app.put('/central/settings', CENTRAL, (request) =>
    saveCentralSettings(deps, centralSessionOfRequest(request), request.body),
  );

  // SPEC 1's floating WhatsApp button, on every shop screen.
  app.get('/dashboard/support-contact', { config: { access: 'authenticated' } }, () => supportWhatsAppOf(deps));
}
