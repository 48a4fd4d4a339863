import crypto from 'node:crypto';
import {
  m,
  WEBHOOK_MAX_ENDPOINTS,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEndpointInput,
  type TWebhookEndpointWithSecret,
} from '@cod/shared';
import { encryptCredentials } from '../../carriers/credentials.js';
import type { TConfig } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import { AppError } from '../../lib/app-error.js';
import { outboundPolicy, urlRefusal } from '../../lib/outbound-guard.js';
import { recordAudit } from '../audit/audit.service.js';
import { carrierKeyring } from '../shipping-companies/carrier-runtime.js';
import { nudgeWebhookSweep, webhookBody } from './emit-webhook-event.js';
import { newWebhookSecret, secretContext } from './webhook-signature.js';
import { queueDelivery } from './webhook-worker.js';
import * as repo from './webhooks.repository.js';

/** Issue 15.7: the shop's webhook endpoints, their delivery log, the test ping and the replay. */
export interface TWebhookDeps {
  db: Db;
  config: TConfig;
}

const auditBase = (actor: TActor, id: number) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  entity: 'webhook_endpoint',
  entityId: id,
  ip: actor.ip,
});

/**
 * Save-time check of the URL (docs/decisions/0037, 0089): https on the public internet, unless
 * OUTBOUND_ALLOW_PRIVATE (demo and tests). No DNS here (no oracle); the send resolves the name and
 * refuses any private answer.
 */
function assertUrl(url: string): void {
  if (urlRefusal(url, { policy: outboundPolicy() })) throw AppError.validation({ url: [m('webhooks.url_invalid')] });
}

async function endpointOr404(tx: Tx, tenantId: number, id: number): Promise<TWebhookEndpoint> {
  const endpoint = await repo.findEndpoint(tx, tenantId, id);
  if (!endpoint) throw new AppError('not_found', m('webhooks.not_found'));
  return endpoint;
}

async function storeNewSecret(deps: TWebhookDeps, tx: Tx, tenantId: number, id: number): Promise<string> {
  const keyring = await carrierKeyring(deps.config);
  const { secret, prefix } = newWebhookSecret();
  await repo.setSecret(tx, tenantId, id, encryptCredentials(keyring, { secret }, secretContext(tenantId, id)), prefix);
  return secret;
}

export function listEndpoints(deps: TWebhookDeps, tenantId: number): Promise<{ data: TWebhookEndpoint[] }> {
  return withTenant(deps.db, tenantId, async (tx) => ({ data: await repo.listEndpoints(tx, tenantId) }));
}

export function createEndpoint(
  deps: TWebhookDeps,
  actor: TActor,
  input: TWebhookEndpointInput,
): Promise<TWebhookEndpointWithSecret> {
  assertUrl(input.url);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if ((await repo.countEndpoints(tx, actor.tenantId)) >= WEBHOOK_MAX_ENDPOINTS) {
      throw new AppError('conflict', m('webhooks.endpoint_limit', { max: WEBHOOK_MAX_ENDPOINTS }));
    }
    const id = await repo.insertEndpoint(tx, actor.tenantId, input);
    const secret = await storeNewSecret(deps, tx, actor.tenantId, id);
    await recordAudit(tx, { ...auditBase(actor, id), action: 'create', changes: { ...input } });
    return { ...(await endpointOr404(tx, actor.tenantId, id)), secret };
  });
}

export function updateEndpoint(
  deps: TWebhookDeps,
  actor: TActor,
  id: number,
  input: TWebhookEndpointInput,
): Promise<TWebhookEndpoint> {
  assertUrl(input.url);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await endpointOr404(tx, actor.tenantId, id);
    await repo.updateEndpoint(tx, actor.tenantId, id, input);
    await recordAudit(tx, { ...auditBase(actor, id), action: 'update', changes: { ...input } });
    return endpointOr404(tx, actor.tenantId, id);
  });
}

export function deleteEndpoint(deps: TWebhookDeps, actor: TActor, id: number): Promise<{ result: 'deleted' }> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await endpointOr404(tx, actor.tenantId, id);
    await repo.deleteEndpoint(tx, actor.tenantId, id);
    await recordAudit(tx, { ...auditBase(actor, id), action: 'delete' });
    return { result: 'deleted' as const };
  });
}

/** A new secret replaces the old one at once; the answer is the only time it is shown. */
export function rotateSecret(deps: TWebhookDeps, actor: TActor, id: number): Promise<TWebhookEndpointWithSecret> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    await endpointOr404(tx, actor.tenantId, id);
    const secret = await storeNewSecret(deps, tx, actor.tenantId, id);
    await recordAudit(tx, { ...auditBase(actor, id), action: 'rotate_secret' });
    return { ...(await endpointOr404(tx, actor.tenantId, id)), secret };
  });
}

export async function listDeliveries(
  deps: TWebhookDeps,
  tenantId: number,
  endpointId: number,
): Promise<{ data: TWebhookDelivery[] }> {
  return withTenant(deps.db, tenantId, async (tx) => {
    await endpointOr404(tx, tenantId, endpointId);
    return { data: await repo.listDeliveries(tx, tenantId, endpointId, 50) };
  });
}

/** Queued after the commit (on PGlite an enqueue inside the transaction would wait for itself). */
async function queueAfterCommit(tenantId: number, deliveryId: number): Promise<void> {
  // Jobs not running in this process (a test app without workers): the sweep of a worker sends it.
  await queueDelivery(tenantId, deliveryId).catch(() => nudgeWebhookSweep());
}

/** The test button: a 'ping' delivery to this endpoint only, sent once, never retried. */
export async function pingEndpoint(deps: TWebhookDeps, actor: TActor, id: number): Promise<TWebhookDelivery> {
  const deliveryId = await withTenant(deps.db, actor.tenantId, async (tx) => {
    const endpoint = await endpointOr404(tx, actor.tenantId, id);
    const eventId = crypto.randomUUID();
    const body = webhookBody(eventId, 'ping', { endpoint_id: endpoint.id, message: 'Test delivery' });
    return repo.insertDelivery(tx, actor.tenantId, { endpointId: id, eventId, name: 'ping', body });
  });
  await queueAfterCommit(actor.tenantId, deliveryId);
  return deliveryOf(deps, actor.tenantId, id, deliveryId);
}

/** The replay button: a new delivery of the same event (same id and body), sent and retried afresh. */
export async function replayDelivery(
  deps: TWebhookDeps,
  actor: TActor,
  endpointId: number,
  id: number,
): Promise<TWebhookDelivery> {
  const deliveryId = await withTenant(deps.db, actor.tenantId, async (tx) => {
    await endpointOr404(tx, actor.tenantId, endpointId);
    const original = await repo.findDeliveryForReplay(tx, actor.tenantId, endpointId, id);
    if (!original) throw new AppError('not_found', m('webhooks.delivery_not_found'));
    await recordAudit(tx, { ...auditBase(actor, endpointId), action: 'replay', changes: { delivery_id: id } });
    return repo.insertDelivery(tx, actor.tenantId, {
      endpointId,
      eventId: original.event_id,
      name: original.event,
      body: original.body,
      replayOf: original.id,
    });
  });
  await queueAfterCommit(actor.tenantId, deliveryId);
  return deliveryOf(deps, actor.tenantId, endpointId, deliveryId);
}

async function deliveryOf(deps: TWebhookDeps, tenantId: number, endpointId: number, id: number) {
  const { data } = await listDeliveries(deps, tenantId, endpointId);
  return data.find((d) => d.id === id) ?? data[0]!;
}
