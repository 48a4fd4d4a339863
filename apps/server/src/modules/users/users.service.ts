import { m } from '@cod/shared';
import type { Tx } from '../../db/client.js';
import { withTenant } from '../../db/tenant-context.js';
import type { TActor } from '../../http/actor.js';
import type { TAppDeps } from '../../http/app-deps.js';
import { AppError } from '../../lib/app-error.js';
import { withTenantEvents, type TEventSink } from '../../lib/domain-events.js';
import { recordAudit } from '../audit/audit.service.js';
import { endAllSessions } from '../auth/end-sessions.js';
import * as repo from './users.repository.js';

/** The users list (agents for filters and assignment). */
export function listUsers(
  deps: TAppDeps,
  tenantId: number,
  query: { search?: string; page: number; per_page: number },
) {
  return withTenant(deps.db, tenantId, (tx) =>
    repo.listUsers(tx, tenantId, { search: query.search, page: query.page, perPage: query.per_page }),
  );
}

export async function getUser(deps: TAppDeps, tenantId: number, id: number) {
  const user = await withTenant(deps.db, tenantId, (tx) => repo.findUser(tx, tenantId, id));
  if (!user) throw AppError.notFound('User');
  return user;
}

/** Issue 7: its transaction publishes the sign-out of the user's live sockets after COMMIT. */
export function deactivateUser(deps: TAppDeps, actor: TActor, id: number) {
  return withTenantEvents(deps.db, actor.tenantId, (tx, events) => deactivateUserInTx(tx, events, actor, id));
}

export function activateUser(deps: TAppDeps, actor: TActor, id: number) {
  return withTenant(deps.db, actor.tenantId, (tx) => activateUserInTx(tx, actor, id));
}

/**
 * A deactivated user cannot sign in, and is signed out everywhere at once: their tokens are
 * revoked (so reactivating them revives none) and their live sockets closed after COMMIT.
 */
async function deactivateUserInTx(tx: Tx, events: TEventSink, actor: TActor, id: number) {
  // The one who deactivates must keep a way in.
  if (id === actor.userId) throw AppError.validation({ id: [m('user.cannot_deactivate_self')] });
  if (!(await repo.setUserActive(tx, actor.tenantId, id, false))) throw AppError.notFound('User');
  await endAllSessions(tx, events, { tenantId: actor.tenantId, userId: id, reason: 'deactivated' });
  await recordAudit(tx, { ...auditOf(actor, id), action: 'deactivate_user' });
  return (await repo.findUser(tx, actor.tenantId, id))!;
}

/** The user may sign in again; the sessions ended at deactivation stay ended. */
async function activateUserInTx(tx: Tx, actor: TActor, id: number) {
  if (!(await repo.setUserActive(tx, actor.tenantId, id, true))) throw AppError.notFound('User');
  await recordAudit(tx, { ...auditOf(actor, id), action: 'activate_user' });
  return (await repo.findUser(tx, actor.tenantId, id))!;
}

const auditOf = (actor: TActor, id: number) => ({
  tenantId: actor.tenantId,
  userId: actor.userId,
  entity: 'user',
  entityId: id,
  ip: actor.ip,
});
