import { m, ZPasswordChange, ZProfileUpdate, type TProfile, type TProfileSession } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { messageBody } from '../../lib/message-body.js';
import { hashPassword, verifyPassword } from '../../lib/secrets.js';
import { parse } from '../../lib/validate.js';
import { recordAudit } from '../audit/audit.service.js';
import type { TImageStore } from '../products/product-images.js';
import { avatarKeyOf, storeAvatar } from './avatar-image.js';
import * as repo from './profile.repository.js';
import { deviceOf } from './user-agent.js';

/** What the profile use cases need: the database, the picture store and the session idle limit. */
export interface TProfileDeps extends TAppDeps {
  store: TImageStore;
  idleDays: number;
}

/** The actor and the session (token) it signed in with: "other sessions" are relative to it. */
export interface TSessionActor extends TActor {
  tokenId: number;
}

const audit = (actor: TActor) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  entity: 'user',
  entityId: actor.userId,
  ip: actor.ip,
});

async function profileInTx(tx: Tx, actor: TActor): Promise<TProfile> {
  const row = await repo.findProfile(tx, actor.tenantId, actor.userId);
  if (!row) throw AppError.notFound('User');
  return row;
}

export function getProfile(deps: TAppDeps, actor: TActor): Promise<TProfile> {
  return withTenant(deps.db, actor.tenantId, (tx) => profileInTx(tx, actor));
}

/** Name, phone and language; the audit log keeps what changed, before and after. */
export function updateProfile(deps: TAppDeps, actor: TActor, input: unknown) {
  const values = parse(ZProfileUpdate, input);
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = await profileInTx(tx, actor);
    await repo.updateProfile(tx, actor.tenantId, actor.userId, values);
    const changed = (['name', 'phone', 'locale'] as const).filter((key) => before[key] !== values[key]);
    if (changed.length) {
      await recordAudit(tx, {
        ...audit(actor),
        action: 'update_profile',
        changes: {
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, values[key]])),
        },
      });
    }
    return { ...messageBody(m('profile.updated')), profile: await profileInTx(tx, actor) };
  });
}

/**
 * The current password proves it is the user; the new one signs every other device out at once
 * (their tokens are revoked; their sockets close at the next revalidation). This session stays.
 */
export async function changePassword(deps: TAppDeps, actor: TSessionActor, input: unknown) {
  const request = parse(ZPasswordChange, input);
  const currentHash = await withTenant(deps.db, actor.tenantId, (tx) =>
    repo.findPasswordHash(tx, actor.tenantId, actor.userId),
  );
  if (!(await verifyPassword(currentHash, request.current_password))) {
    throw AppError.validation({ current_password: [m('profile.current_password_wrong')] });
  }
  if (request.password === request.current_password) {
    throw AppError.validation({ password: [m('profile.password_same')] });
  }
  const hash = await hashPassword(request.password);
  const revoked = await withTenant(deps.db, actor.tenantId, async (tx) => {
    // Unchanged since it was verified: two concurrent changes cannot both pass on the old password.
    if ((await repo.findPasswordHash(tx, actor.tenantId, actor.userId)) !== currentHash) {
      throw AppError.validation({ current_password: [m('profile.current_password_wrong')] });
    }
    await repo.setPasswordHash(tx, actor.tenantId, actor.userId, hash);
    const count = await repo.revokeOtherTokens(tx, actor.tenantId, actor.userId, actor.tokenId);
    await recordAudit(tx, { ...audit(actor), action: 'change_password', changes: { sessions_revoked: count } });
    return count;
  });
  return { ...messageBody(m('profile.password_changed')), sessions_revoked: revoked };
}

export function listSessions(deps: TProfileDeps, actor: TSessionActor): Promise<TProfileSession[]> {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const tokens = await repo.listLiveTokens(tx, actor.tenantId, actor.userId, deps.idleDays);
    return tokens.map((token) => ({
      id: token.id,
      ...deviceOf(token.user_agent),
      ip: token.ip,
      created_at: new Date(token.created_at).toISOString(),
      last_used_at: new Date(token.last_used_at).toISOString(),
      current: token.id === actor.tokenId,
    }));
  });
}

/** Signs one of the user's own devices out; another user's session is not found. */
export function revokeSession(deps: TAppDeps, actor: TSessionActor, id: number) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    if (!(await repo.revokeToken(tx, actor.tenantId, actor.userId, id))) {
      throw new AppError('not_found', m('profile.session_not_found'));
    }
    await recordAudit(tx, { ...audit(actor), action: 'revoke_session', changes: { session_id: id } });
    return messageBody(m('profile.session_revoked'));
  });
}

export function revokeOtherSessions(deps: TAppDeps, actor: TSessionActor) {
  return withTenant(deps.db, actor.tenantId, async (tx) => {
    const count = await repo.revokeOtherTokens(tx, actor.tenantId, actor.userId, actor.tokenId);
    await recordAudit(tx, { ...audit(actor), action: 'revoke_other_sessions', changes: { sessions_revoked: count } });
    return { ...messageBody(m('profile.sessions_revoked')), sessions_revoked: count };
  });
}

/**
 * A new avatar (docs/decisions/0059): checked and re-encoded before any transaction, stored, then
 * recorded; the file is removed again if the transaction fails, the old one after it committed.
 */
export async function setAvatar(deps: TProfileDeps, actor: TActor, readUpload: () => Promise<Buffer>) {
  const key = await storeAvatar(deps.store, actor.tenantId, await readUpload());
  const url = `/uploads/${actor.tenantId}/${key}`;
  const outcome = await withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = await profileInTx(tx, actor);
    await repo.setAvatarUrl(tx, actor.tenantId, actor.userId, url);
    await recordAudit(tx, {
      ...audit(actor),
      action: 'update_avatar',
      changes: { before: { avatar_url: before.avatar_url }, after: { avatar_url: url } },
    });
    return { old: before.avatar_url, profile: await profileInTx(tx, actor) };
  }).catch(async (error: unknown) => {
    await deps.store.remove(actor.tenantId, [key]);
    throw error;
  });
  await deps.store.remove(actor.tenantId, [avatarKeyOf(outcome.old, actor.tenantId)]);
  return { ...messageBody(m('profile.avatar_updated')), profile: outcome.profile };
}

export async function removeAvatar(deps: TProfileDeps, actor: TActor) {
  const outcome = await withTenant(deps.db, actor.tenantId, async (tx) => {
    const before = await profileInTx(tx, actor);
    await repo.setAvatarUrl(tx, actor.tenantId, actor.userId, null);
    if (before.avatar_url) {
      await recordAudit(tx, {
        ...audit(actor),
        action: 'remove_avatar',
        changes: { before: { avatar_url: before.avatar_url }, after: { avatar_url: null } },
      });
    }
    return { old: before.avatar_url, profile: await profileInTx(tx, actor) };
  });
  await deps.store.remove(actor.tenantId, [avatarKeyOf(outcome.old, actor.tenantId)]);
  return { ...messageBody(m('profile.avatar_removed')), profile: outcome.profile };
}
