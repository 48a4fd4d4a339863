import crypto from 'node:crypto';
import type { TListQuery, TSalesChannel, TSalesChannelInput, TSalesChannelWithKey } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import { assertBelowPlanLimit } from '../subscriptions/plan-limits.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/secrets.js';
import { auditBy, recordAudit } from '../audit/audit.service.js';
import { deleteOrArchive, type TDeleteOutcome } from '../products/delete-or-archive.js';
import * as repo from './sales-channels.repository.js';

// Recognisable in logs and secret scanners; 32 random bytes like the bearer tokens (ARCHITECTURE 3.3).
const KEY_PREFIX = 'cod_in_';
const SHOWN_PREFIX_LENGTH = KEY_PREFIX.length + 6;

function newIntakeKey() {
  const key = `${KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
  return { key, hash: sha256(key), prefix: key.slice(0, SHOWN_PREFIX_LENGTH) };
}

export async function createChannel(tx: Tx, actor: TActor, input: TSalesChannelInput): Promise<TSalesChannelWithKey> {
  // Issue 19: the plan's sales channel limit, in this transaction (docs/decisions/0064).
  await assertBelowPlanLimit(tx, actor.tenantId, 'sales_channels');
  const { id } = await repo.insertChannel(tx, actor.tenantId, input);
  const key = newIntakeKey();
  await repo.setIntakeKey(tx, actor.tenantId, id, key);
  await recordAudit(tx, { ...auditBy(actor, 'sales_channel', id), action: 'create', changes: input });
  return { ...(await repo.findChannel(tx, actor.tenantId, id))!, intake_key: key.key };
}

async function updateChannelInTx(tx: Tx, actor: TActor, id: number, input: TSalesChannelInput): Promise<TSalesChannel> {
  await channelOr404(tx, actor.tenantId, id);
  await repo.updateChannelRow(tx, actor.tenantId, id, input);
  await recordAudit(tx, { ...auditBy(actor, 'sales_channel', id), action: 'update', changes: input });
  return (await repo.findChannel(tx, actor.tenantId, id))!;
}

/** A new key replaces the old one at once: the old key stops working in the same commit. */
async function rotateIntakeKeyInTx(tx: Tx, actor: TActor, id: number): Promise<TSalesChannelWithKey> {
  await channelOr404(tx, actor.tenantId, id);
  const key = newIntakeKey();
  await repo.setIntakeKey(tx, actor.tenantId, id, key);
  await recordAudit(tx, {
    ...auditBy(actor, 'sales_channel', id),
    action: 'rotate_key',
    changes: { prefix: key.prefix },
  });
  return { ...(await repo.findChannel(tx, actor.tenantId, id))!, intake_key: key.key };
}

async function revokeIntakeKeyInTx(tx: Tx, actor: TActor, id: number): Promise<TSalesChannel> {
  await channelOr404(tx, actor.tenantId, id);
  await repo.setIntakeKey(tx, actor.tenantId, id, null);
  await recordAudit(tx, { ...auditBy(actor, 'sales_channel', id), action: 'revoke_key' });
  return (await repo.findChannel(tx, actor.tenantId, id))!;
}

/** Orders will reference channels; a referenced one is archived and its key revoked (decision 0011). */
async function removeChannelInTx(tx: Tx, actor: TActor, id: number): Promise<TDeleteOutcome> {
  await channelOr404(tx, actor.tenantId, id);
  const result = await deleteOrArchive(tx, {
    remove: (savepoint) => repo.deleteChannelRow(savepoint, actor.tenantId, id),
    archive: () => repo.archiveChannel(tx, actor.tenantId, id),
  });
  await recordAudit(tx, {
    ...auditBy(actor, 'sales_channel', id),
    action: result === 'deleted' ? 'delete' : 'archive',
  });
  return result;
}

export function listChannels(
  deps: TAppDeps,
  tenantId: number,
  query: TListQuery,
): Promise<{ data: TSalesChannel[]; total: number }> {
  return withTenant(deps.db, tenantId, (tx) =>
    repo.listChannels(tx, tenantId, { search: query.search, page: query.page, perPage: query.per_page }),
  );
}

export async function getChannel(deps: TAppDeps, tenantId: number, id: number): Promise<TSalesChannel> {
  const channel = await withTenant(deps.db, tenantId, (tx) => repo.findChannel(tx, tenantId, id));
  if (!channel) throw AppError.notFound('Sales channel');
  return channel;
}

/** Issue 3.7, the use case of the form (createChannel runs in a caller's transaction: the seed). */
export function addChannel(deps: TAppDeps, actor: TActor, input: TSalesChannelInput): Promise<TSalesChannelWithKey> {
  return withTenant(deps.db, actor.tenantId, (tx) => createChannel(tx, actor, input));
}

export function updateChannel(
  deps: TAppDeps,
  actor: TActor,
  id: number,
  input: TSalesChannelInput,
): Promise<TSalesChannel> {
  return withTenant(deps.db, actor.tenantId, (tx) => updateChannelInTx(tx, actor, id, input));
}

export function rotateIntakeKey(deps: TAppDeps, actor: TActor, id: number): Promise<TSalesChannelWithKey> {
  return withTenant(deps.db, actor.tenantId, (tx) => rotateIntakeKeyInTx(tx, actor, id));
}

export function revokeIntakeKey(deps: TAppDeps, actor: TActor, id: number): Promise<TSalesChannel> {
  return withTenant(deps.db, actor.tenantId, (tx) => revokeIntakeKeyInTx(tx, actor, id));
}

export function removeChannel(deps: TAppDeps, actor: TActor, id: number): Promise<TDeleteOutcome> {
  return withTenant(deps.db, actor.tenantId, (tx) => removeChannelInTx(tx, actor, id));
}

/**
 * For the orders issue's intake API: the channel (and so the tenant) an intake key belongs to, or
 * undefined for an unknown, rotated, revoked, archived or inactive channel. Call it in withSystem:
 * the tenant is what this answers.
 */
export async function findChannelByIntakeKey(tx: Tx, key: string) {
  if (typeof key !== 'string' || !key.startsWith(KEY_PREFIX) || key.length > 200) return undefined;
  return repo.findChannelByKeyHash(tx, sha256(key));
}

async function channelOr404(tx: Tx, tenantId: number, id: number) {
  const channel = await repo.findChannel(tx, tenantId, id, { lock: true });
  if (!channel) throw AppError.notFound('Sales channel');
  return channel;
}
