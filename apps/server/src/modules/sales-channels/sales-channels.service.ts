import crypto from 'node:crypto';
import type { TSalesChannel, TSalesChannelInput, TSalesChannelWithKey } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { sha256 } from '../../lib/secrets.js';
import { recordAudit } from '../audit/audit.repository.js';
import type { TActor } from '../products/actor.js';
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
  const { id } = await repo.insertChannel(tx, actor.tenantId, input);
  const key = newIntakeKey();
  await repo.setIntakeKey(tx, actor.tenantId, id, key);
  await recordAudit(tx, { ...auditBase(actor, id), action: 'create', changes: input });
  return { ...(await repo.findChannel(tx, actor.tenantId, id))!, intake_key: key.key };
}

export async function updateChannel(
  tx: Tx,
  actor: TActor,
  id: number,
  input: TSalesChannelInput,
): Promise<TSalesChannel> {
  await channelOr404(tx, actor.tenantId, id);
  await repo.updateChannelRow(tx, actor.tenantId, id, input);
  await recordAudit(tx, { ...auditBase(actor, id), action: 'update', changes: input });
  return (await repo.findChannel(tx, actor.tenantId, id))!;
}

/** A new key replaces the old one at once: the old key stops working in the same commit. */
export async function rotateIntakeKey(tx: Tx, actor: TActor, id: number): Promise<TSalesChannelWithKey> {
  await channelOr404(tx, actor.tenantId, id);
  const key = newIntakeKey();
  await repo.setIntakeKey(tx, actor.tenantId, id, key);
  await recordAudit(tx, { ...auditBase(actor, id), action: 'rotate_key', changes: { prefix: key.prefix } });
  return { ...(await repo.findChannel(tx, actor.tenantId, id))!, intake_key: key.key };
}

export async function revokeIntakeKey(tx: Tx, actor: TActor, id: number): Promise<TSalesChannel> {
  await channelOr404(tx, actor.tenantId, id);
  await repo.setIntakeKey(tx, actor.tenantId, id, null);
  await recordAudit(tx, { ...auditBase(actor, id), action: 'revoke_key' });
  return (await repo.findChannel(tx, actor.tenantId, id))!;
}

/** Orders will reference channels; a referenced one is archived and its key revoked (decision 0011). */
export async function removeChannel(tx: Tx, actor: TActor, id: number): Promise<TDeleteOutcome> {
  await channelOr404(tx, actor.tenantId, id);
  const result = await deleteOrArchive(tx, {
    remove: (savepoint) => repo.deleteChannelRow(savepoint, actor.tenantId, id),
    archive: () => repo.archiveChannel(tx, actor.tenantId, id),
  });
  await recordAudit(tx, { ...auditBase(actor, id), action: result === 'deleted' ? 'delete' : 'archive' });
  return result;
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

function auditBase(actor: TActor, id: number) {
  return { tenantId: actor.tenantId, userId: actor.userId, entity: 'sales_channel', entityId: id, ip: actor.ip };
}
