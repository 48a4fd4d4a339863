import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { TWebhookEvent } from '../../carriers/carrier.js';
import { CredentialsError } from '../../carriers/credentials.js';
import {
  parseYalidineWebhook,
  verifyYalidineSignature,
  YALIDINE_SIGNATURE_HEADER,
  yalidineCrcChallenge,
} from '../../carriers/yalidine/webhook.js';
import { parseZrWebhook, verifyZrWebhook } from '../../carriers/zr-express/webhook.js';
import { rows } from '../../db/client.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { carrierKeyring } from '../shipping-companies/carrier-runtime.js';
import { findCompany, type TCompanyRecord } from '../shipping-companies/shipping-companies.repository.js';
import type { TShippingDeps } from '../shipping-companies/shipping-companies.routes.js';
import { openCredentials } from '../shipping-companies/shipping-companies.service.js';
import { systemActor } from './order-moves.js';
import * as repo from './shipments.repository.js';
import { applyReports, reportsOfWebhook } from './status-sync.js';

/** The company a webhook URL names (its random token), across shops: the push has no session. */
async function companyOfToken(deps: TShippingDeps, token: string) {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
  const [target] = await withSystem(deps.db, (tx) =>
    rows<{ tenant_id: number; id: number; time_zone: string }>(
      tx,
      sql`select c.tenant_id, c.id, t.time_zone from shipping_companies c join tenants t on t.id = c.tenant_id
          where c.webhook_token = ${token} and c.archived_at is null`,
    ),
  );
  if (!target) return null;
  const company = await withTenant(deps.db, target.tenant_id, (tx) => findCompany(tx, target.tenant_id, target.id));
  return company ? { ...target, company } : null;
}

function verify(
  company: TCompanyRecord,
  secret: string,
  raw: Buffer,
  headers: Record<string, string | string[] | undefined>,
) {
  if (company.kind === 'yalidine') {
    return verifyYalidineSignature(raw, headers[YALIDINE_SIGNATURE_HEADER], secret) ? parseYalidineWebhook(raw) : null;
  }
  if (company.kind === 'zr_express') return verifyZrWebhook(raw, headers, secret) ? parseZrWebhook(raw, headers) : null;
  return null;
}

/**
 * Issue 5.8: carrier webhooks. The signature is checked on the exact bytes received (a body parsed
 * and re-serialised would not match), so this scope reads bodies as raw buffers. Replays and
 * out-of-order batches are harmless (status-sync.ts). Unknown tokens and bad signatures get 404
 * and 401 and change nothing.
 */
export async function registerShippingWebhookRoutes(app: FastifyInstance, deps: TShippingDeps): Promise<void> {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    // Yalidine validates the endpoint first: GET ?subscribe&crc_token=X must answer X.
    scope.get('/webhooks/carriers/:token', { config: { access: 'public' } }, async (request, reply) => {
      const { token } = request.params as { token: string };
      const target = await companyOfToken(deps, token);
      if (!target) return reply.status(404).send({ message: 'Unknown webhook.' });
      const challenge = yalidineCrcChallenge(request.query as Record<string, unknown>);
      if (!challenge) return reply.send({ ok: true });
      return reply.type('text/plain').send(challenge);
    });

    scope.post('/webhooks/carriers/:token', { config: { access: 'public' } }, async (request, reply) => {
      const { token } = request.params as { token: string };
      const target = await companyOfToken(deps, token);
      if (!target) return reply.status(404).send({ message: 'Unknown webhook.' });
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let secret = '';
      try {
        secret =
          openCredentials(await carrierKeyring(deps.config), target.tenant_id, target.company).webhook_secret ?? '';
      } catch (error) {
        if (!(error instanceof CredentialsError)) throw error;
      }
      const events = secret ? verify(target.company, secret, raw, request.headers) : null;
      if (!events) {
        request.log.warn({ companyId: target.id }, 'carrier webhook refused: bad or missing signature');
        return reply.status(401).send({ message: 'Invalid signature.' });
      }
      const applied = await applyWebhookEvents(deps, target, events);
      return reply.send({ received: events.length, applied });
    });
  });
}

async function applyWebhookEvents(
  deps: TShippingDeps,
  target: { tenant_id: number; id: number; time_zone: string },
  events: readonly TWebhookEvent[],
): Promise<number> {
  const byTracking = new Map<string, TWebhookEvent[]>();
  for (const event of events)
    byTracking.set(event.trackingNumber, [...(byTracking.get(event.trackingNumber) ?? []), event]);
  const actor = systemActor(target.tenant_id, target.time_zone);
  let applied = 0;
  for (const [tracking, list] of byTracking) {
    applied += await withTenantEvents(deps.db, target.tenant_id, async (tx, sink) => {
      const shipment = await repo.shipmentByTracking(tx, target.tenant_id, target.id, tracking);
      if (!shipment) return 0;
      const outcome = await applyReports(tx, sink, actor, shipment, reportsOfWebhook(list));
      return outcome.inserted;
    });
  }
  return applied;
}
