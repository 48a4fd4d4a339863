import type { TCarrierLogger, TWebhookEvent } from '../../carriers/carrier.js';
import { CredentialsError } from '../../carriers/credentials.js';
import {
  parseYalidineWebhook,
  verifyYalidineSignature,
  YALIDINE_SIGNATURE_HEADER,
} from '../../carriers/yalidine/webhook.js';
import { parseZrWebhook, verifyZrWebhook } from '../../carriers/zr-express/webhook.js';
import { withSystem, withTenant } from '../../db/tenant-context.js';
import { withTenantEvents } from '../../lib/domain-events.js';
import { carrierKeyring } from '../shipping-companies/carrier-runtime.js';
import {
  companyOfWebhookToken,
  findCompany,
  openCredentials,
  type TCompanyRecord,
  type TWebhookTarget,
} from '../shipping-companies/shipping-companies.service.js';
import { systemActor } from './order-moves.js';
import * as repo from './shipments.repository.js';
import type { TShippingDeps } from './shipping.deps.js';
import { applyReports, reportsOfWebhook } from './status-sync.js';

type THeaders = Record<string, string | string[] | undefined>;

export type TWebhookCompany = TWebhookTarget & { company: TCompanyRecord };

/** The company a webhook URL names (its random token), across shops: the push has no session. */
export async function webhookCompany(deps: TShippingDeps, token: string): Promise<TWebhookCompany | null> {
  if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
  const target = await withSystem(deps.db, (tx) => companyOfWebhookToken(tx, token));
  if (!target) return null;
  const company = await withTenant(deps.db, target.tenant_id, (tx) => findCompany(tx, target.tenant_id, target.id));
  return company ? { ...target, company } : null;
}

function verify(company: TCompanyRecord, secret: string, raw: Buffer, headers: THeaders) {
  if (company.kind === 'yalidine') {
    return verifyYalidineSignature(raw, headers[YALIDINE_SIGNATURE_HEADER], secret) ? parseYalidineWebhook(raw) : null;
  }
  if (company.kind === 'zr_express') return verifyZrWebhook(raw, headers, secret) ? parseZrWebhook(raw, headers) : null;
  return null;
}

export type TWebhookOutcome =
  { kind: 'unknown' } | { kind: 'refused' } | { kind: 'applied'; received: number; applied: number };

/**
 * Issue 5.8: a carrier's push. The signature is checked on the exact bytes received; replays and
 * out-of-order batches are harmless (status-sync.ts). An unknown token or a bad signature changes
 * nothing.
 */
export async function receiveCarrierWebhook(
  deps: TShippingDeps,
  push: { token: string; raw: Buffer; headers: THeaders; log: TCarrierLogger },
): Promise<TWebhookOutcome> {
  const target = await webhookCompany(deps, push.token);
  if (!target) return { kind: 'unknown' };
  let secret = '';
  try {
    secret = openCredentials(await carrierKeyring(deps.config), target.tenant_id, target.company).webhook_secret ?? '';
  } catch (error) {
    if (!(error instanceof CredentialsError)) throw error;
  }
  const events = secret ? verify(target.company, secret, push.raw, push.headers) : null;
  if (!events) {
    push.log.warn({ companyId: target.id }, 'carrier webhook refused: bad or missing signature');
    return { kind: 'refused' };
  }
  const applied = await applyWebhookEvents(deps, target, events);
  return { kind: 'applied', received: events.length, applied };
}

async function applyWebhookEvents(
  deps: TShippingDeps,
  target: TWebhookTarget,
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
